import { describe, expect, it } from "vitest";
import { agentEventSchema } from "@/lib/agent/events";
import { applyEvent } from "@/lib/client/apply-event";
import type { ChatEvent } from "@/lib/client/chat-event";
import type { ChatState } from "@/lib/client/chat-state";
import { formViewSchema, type FormView } from "@/lib/forms/view";
import { conversationSnapshotSchema } from "@/lib/schemas/conversation";
import { numbered, snapshot, state } from "./fixtures";

const fold = (initial: ChatState, events: ChatEvent[]) => events.reduce(applyEvent, initial);

function view(instanceId: string, version: number, mode?: string): FormView {
  return {
    instanceId,
    formId: "expense-claim",
    formVersion: 1,
    name: "Expense claim",
    status: "open",
    version,
    currentStepId: "travel",
    steps: [
      {
        id: "travel",
        title: "Travel",
        preview: false,
        applicable: true,
        state: "current",
        fields: [
          {
            id: "mode",
            label: "Mode",
            typeText: "one of: car | rail | air",
            input: { type: "select", options: ["car", "rail", "air"] },
            required: true,
            applicable: true,
            ...(mode !== undefined && { value: mode, by: "agent" as const }),
          },
        ],
      },
    ],
    missing: mode === undefined ? ["Mode"] : [],
    complete: mode !== undefined,
    awaiting: null,
    terminatedReason: null,
    failures: [],
  };
}
const updated = (formView: FormView) => ({ type: "form_updated", instance_id: formView.instanceId, view: formView });

describe("form_updated", () => {
  it("is a valid event whose view is a card's view", () => {
    const event = updated(view("f1", 1, "rail"));
    expect(agentEventSchema.safeParse(event).success).toBe(true);
    expect(agentEventSchema.safeParse({ type: "form_updated", instance_id: "f1", view: "open" }).success).toBe(false);
    expect(formViewSchema.parse(event.view)).toEqual(event.view);
  });

  it("adds a new instance's view and replaces the view of one already held", () => {
    const held = state({ forms: [view("f1", 1)] });
    const next = fold(held, numbered(1, [updated(view("f2", 0)), updated(view("f1", 2, "rail"))]));
    expect(next.forms.map((form) => [form.instanceId, form.version])).toEqual([
      ["f1", 2],
      ["f2", 0],
    ]);
    expect(next.forms[0].steps[0].fields[0].value).toBe("rail");
    expect(next.lastEventSeq).toBe(2);
  });

  it("keeps the newest view when events arrive out of order", () => {
    const next = fold(state(), numbered(1, [updated(view("f1", 3, "air")), updated(view("f1", 2, "rail"))]));
    expect(next.forms).toEqual([view("f1", 3, "air")]);
  });

  it("replaces a view of the same version (the same state, shown again)", () => {
    const next = fold(state({ forms: [view("f1", 2)] }), numbered(1, [updated(view("f1", 2, "car"))]));
    expect(next.forms).toEqual([view("f1", 2, "car")]);
  });

  it("leaves the state alone for an event already applied", () => {
    const held = state({ forms: [view("f1", 1)], lastEventSeq: 5 });
    expect(applyEvent(held, { ...updated(view("f1", 9)), seq: 5 } as ChatEvent)).toBe(held);
  });

  it("starts from the snapshot's forms, which the wire schema checks", () => {
    const wire = snapshot({ forms: [view("f1", 1)] });
    expect(conversationSnapshotSchema.parse(wire).forms).toEqual([view("f1", 1)]);
    expect(conversationSnapshotSchema.safeParse({ ...wire, forms: [{ instanceId: "f1" }] }).success).toBe(false);
    expect(state({ forms: [view("f1", 1)] }).forms).toEqual([view("f1", 1)]);
  });
});
