import { describe, expect, it } from "vitest";
import {
  draftFrom,
  earlierFields,
  emptyDraft,
  hasConfirmation,
  moved,
  newField,
  slugId,
  toStored,
  uniqueId,
  withConfirmation,
} from "@/lib/client/forms/draft";
import { isWithin, messagesAt, problemPath, problemPlace, uniqueProblems, zodProblems } from "@/lib/client/forms/problems";
import { storedFormSchema, type StoredForm } from "@/lib/forms/stored-form";

const stored: StoredForm = storedFormSchema.parse({
  id: "expense-claim",
  name: "Expense claim",
  steps: [
    { id: "trip", title: "Trip", fields: [{ id: "mode", label: "Mode", type: "one_of", options: ["car", "rail"] }] },
    { id: "cost", title: "Cost", fields: [{ id: "amount", label: "Amount", type: "money", currency: "EUR", limits: { min: 0 } }] },
    { id: "confirm", title: "Confirm", confirmation: true },
  ],
  checkpoints: [{ id: "over-limit", when: { field: "amount", op: "gt", value: 500 }, approval: { title: "Over the limit" } }],
});

describe("the builder's draft", () => {
  it("derives lowercase-with-dashes ids that start with a letter", () => {
    expect(slugId("Travel mode")).toBe("travel-mode");
    expect(slugId("  Café & Bar! ")).toBe("cafe-bar");
    expect(slugId("2nd address")).toBe("nd-address");
    expect(slugId("x".repeat(100))).toHaveLength(64);
    expect(uniqueId("mode", new Set(["mode", "mode-2"]))).toBe("mode-3");
    expect(uniqueId("", new Set([""]))).toBe("");
  });

  it("gives a new field a derived id that no other field has", () => {
    const draft = draftFrom(stored);
    expect(newField(draft, "Mode").id).toBe("mode-2");
    expect(newField(draft, "Mode").idEdited).toBe(false);
  });

  it("round-trips a stored form without the editor's keys", () => {
    expect(storedFormSchema.parse(toStored(draftFrom(stored)))).toEqual(stored);
    expect(JSON.stringify(toStored(draftFrom(stored)))).not.toMatch(/"key"|idEdited/);
  });

  it("drops what a field's type does not take and empty optional texts", () => {
    const draft = draftFrom(stored);
    draft.steps[0].fields[0] = { ...draft.steps[0].fields[0], type: "text", hint: " ", limits: { min: undefined } };
    draft.checkpoints[0] = { ...draft.checkpoints[0], approval: { ...draft.checkpoints[0].approval, body: "" } };
    const out = toStored(draft);
    expect(out.steps[0].fields![0]).toEqual({ id: "mode", label: "Mode", type: "text", required: true });
    expect(out.checkpoints![0].approval).toEqual({ title: "Over the limit", approverRole: "admin" });
  });

  it("toggles a last confirmation step, and the empty draft has one step", () => {
    const draft = emptyDraft();
    expect(draft.steps.map((step) => step.title)).toEqual(["Step 1"]);
    const on = withConfirmation(draft, true);
    expect(hasConfirmation(on)).toBe(true);
    expect(on.steps.at(-1)).toMatchObject({ id: "confirm", confirmation: true });
    expect(withConfirmation(on, true)).toBe(on);
    expect(hasConfirmation(withConfirmation(on, false))).toBe(false);
  });

  it("moves an item by one and leaves the ends alone", () => {
    expect(moved(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b", "c"], 1, 1)).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moved(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
  });

  it("offers a condition only the fields before its place", () => {
    const draft = draftFrom(stored);
    expect(earlierFields(draft, 0, 0).map((field) => field.id)).toEqual([]);
    expect(earlierFields(draft, 1, 0).map((field) => field.id)).toEqual(["mode"]);
    expect(earlierFields(draft, 1, 1).map((field) => field.id)).toEqual(["mode", "amount"]);
  });
});

describe("problems by path", () => {
  it("writes zod paths as the API does", () => {
    expect(problemPath(["steps", 1, "fields", 0, "options"])).toBe("steps[1].fields[0].options");
    const parsed = storedFormSchema.safeParse({
      id: "Bad Id",
      name: "x",
      steps: [{ id: "s", title: "S", fields: [{ id: "f", label: "", type: "text" }] }],
    });
    expect(parsed.success).toBe(false);
    const paths = zodProblems(parsed.error!).map((problem) => problem.path);
    expect(paths).toEqual(expect.arrayContaining(["id", "steps[0].fields[0].label"]));
  });

  it("finds a problem at its step and field, not at a neighbour whose index starts the same", () => {
    expect(isWithin("steps[1].fields[0].options", "steps[1]")).toBe(true);
    expect(isWithin("steps[1].fields[0].options", "steps[1].fields[0]")).toBe(true);
    expect(isWithin("steps[10].title", "steps[1]")).toBe(false);
    expect(isWithin("steps[1]", "steps[1]")).toBe(true);
    expect(messagesAt([{ path: "steps[0].title", message: "Give it a label." }], "steps[0]")).toEqual(["Give it a label."]);
  });

  it("lists each problem once and says where it is in words", () => {
    const problem = { path: "id", message: "taken" };
    expect(uniqueProblems([problem], [problem, { path: "name", message: "x" }])).toHaveLength(2);
    const step = (i: number) => `Step ${i + 1}`;
    const field = (_: number, j: number) => `field ${j + 1}`;
    expect(problemPlace("steps[1].fields[0].options", step, field)).toBe("Step 2 › field 1 (options)");
    expect(problemPlace("steps[0]", step, field)).toBe("Step 1");
    expect(problemPlace("checkpoints[0].when.field", step, field)).toBe("Approval 1 (when.field)");
    expect(problemPlace("name", step, field)).toBe("Form (name)");
  });
});
