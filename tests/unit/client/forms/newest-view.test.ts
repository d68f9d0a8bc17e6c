import { describe, expect, it } from "vitest";
import { applyEvent } from "@/lib/client/apply-event";
import { newestView } from "@/lib/client/forms/newest-view";
import { numbered, state } from "../fixtures";
import { field, formView } from "./fixtures";

const at = (version: number, distance?: number) =>
  formView(version, [field("distance", { type: "number" }, distance === undefined ? {} : { value: distance, by: "agent" })]);

describe("the view the form card draws", () => {
  it("is the props' view until the chat has one for the instance", () => {
    const props = at(1);
    expect(newestView(undefined, props)).toBe(props);
    expect(newestView({ ...at(9), instanceId: "other" }, props)).toBe(props);
  });

  it("is the newest by instance version, whichever side has it", () => {
    expect(newestView(at(3, 60), at(1))).toEqual(at(3, 60));
    // A snapshot taken before the card was pushed does not hide the card's newer props.
    expect(newestView(at(1), at(2, 60))).toEqual(at(2, 60));
    expect(newestView(at(2, 80), at(2, 60))).toEqual(at(2, 80));
  });

  it("follows form_updated events, an older one arriving late changing nothing", () => {
    const events = numbered(1, [
      { type: "form_updated", instance_id: "i1", view: at(3, 80) },
      { type: "form_updated", instance_id: "i1", view: at(2, 60) },
    ]);
    const folded = events.reduce(applyEvent, state({ forms: [at(1)] }));
    expect(newestView(folded.forms[0], at(1))).toEqual(at(3, 80));
  });

  it("after a reload draws the same as before it (the snapshot's forms)", () => {
    const live = numbered(1, [{ type: "form_updated", instance_id: "i1", view: at(3, 80) }]).reduce(applyEvent, state());
    const reloaded = state({ forms: [at(3, 80)], lastEventSeq: 1 });
    expect(newestView(reloaded.forms[0], at(1))).toEqual(newestView(live.forms[0], at(1)));
  });
});
