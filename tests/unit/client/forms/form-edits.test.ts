import { describe, expect, it } from "vitest";
import { CLEAR_REFUSED, edit, failed, isSending, nextBatch, noEdits, settled, withDrafts } from "@/lib/client/forms/form-edits";
import type { FormEditReport } from "@/lib/client/forms/form-values-api";
import { field, fieldOf, formView } from "./fixtures";

const report = (extra: Partial<FormEditReport> = {}): FormEditReport => ({
  stored: [],
  held: [],
  errors: [],
  unknown: [],
  locked: [],
  missing: [],
  complete: false,
  status: "open",
  ...extra,
});

const view = formView(4, [field("distance", { type: "number" }, { value: 60, by: "agent" }), field("purpose")]);

describe("a person's edits in the form card", () => {
  it("shows an edit at once, as the person's, before any answer", () => {
    const edits = edit(noEdits(), "distance", 80);
    const shown = fieldOf(withDrafts(view, edits.drafts), "distance");
    expect(shown).toMatchObject({ value: 80, by: "person" });
    expect(shown.error).toBeUndefined();
  });

  it("sends the queued edits as one save, and holds later ones until it is answered", () => {
    const first = nextBatch(edit(edit(noEdits(), "distance", 80), "purpose", "Client visit"))!;
    expect(first.batch.values).toEqual({ distance: 80, purpose: "Client visit" });
    expect(isSending(first.state)).toBe(true);
    const meanwhile = edit(first.state, "purpose", "Client workshop");
    expect(nextBatch(meanwhile)).toBeNull();
    const after = settled(meanwhile, first.batch, report({ stored: ["distance", "purpose"] }));
    // The save carried the older purpose: the newer edit stays and goes in the next save.
    expect(Object.keys(after.drafts)).toEqual(["purpose"]);
    expect(nextBatch(after)!.batch.values).toEqual({ purpose: "Client workshop" });
  });

  it("gives a stored edit way to the answer's view", () => {
    const sent = nextBatch(edit(noEdits(), "distance", 80))!;
    const after = settled(sent.state, sent.batch, report({ stored: ["distance"] }));
    expect(after.drafts).toEqual({});
    const answer = formView(5, [field("distance", { type: "number" }, { value: 80, by: "person" }), field("purpose")]);
    expect(withDrafts(answer, after.drafts)).toBe(answer);
  });

  it("keeps a refused edit in the input with the engine's message and hint at its field", () => {
    const sent = nextBatch(edit(noEdits(), "distance", -5))!;
    const after = settled(
      sent.state,
      sent.batch,
      report({ errors: [{ field: "distance", message: "Must be at least 0.", hint: "Give the distance in km." }] }),
    );
    expect(fieldOf(withDrafts(view, after.drafts), "distance")).toMatchObject({
      value: -5,
      error: "Must be at least 0. Give the distance in km.",
    });
    // Editing the field again clears the message until the next answer.
    expect(fieldOf(withDrafts(view, edit(after, "distance", 5).drafts), "distance").error).toBeUndefined();
  });

  it("says at the field when an agent's value is locked or the field is unknown", () => {
    const sent = nextBatch(edit(edit(noEdits(), "distance", 80), "purpose", "x"))!;
    const after = settled(
      sent.state,
      sent.batch,
      report({ locked: [{ field: "distance", message: "Locked." }], unknown: [{ field: "purpose", did_you_mean: [] }] }),
    );
    expect(after.drafts.distance).toMatchObject({ status: "refused", message: "Locked." });
    expect(after.drafts.purpose.message).toMatch(/no such field/);
  });

  it("drops a failed save's edits and says why for the whole card", () => {
    const sent = nextBatch(edit(noEdits(), "distance", 80))!;
    const after = failed(sent.state, sent.batch, "Not saved: the form is closed.");
    expect(after).toMatchObject({ drafts: {}, failure: "Not saved: the form is closed." });
    expect(fieldOf(withDrafts(view, after.drafts), "distance").value).toBe(60);
    // The next edit clears the card's message.
    expect(edit(after, "purpose", "x").failure).toBeNull();
  });

  it("refuses to clear an answer in the card (that is the agent's retract) without sending anything", () => {
    const edits = edit(noEdits(), "distance", undefined);
    expect(nextBatch(edits)).toBeNull();
    expect(fieldOf(withDrafts(view, edits.drafts), "distance")).toMatchObject({ value: 60, by: "agent", error: CLEAR_REFUSED });
  });
});
