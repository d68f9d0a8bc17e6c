import { describe, expect, it } from "vitest";
import type { Message } from "@/lib/agent/messages";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import { sharedConversationSchema } from "@/lib/schemas/shares";
import { copyMessages, sharedEntries } from "@/lib/server/shares/shared-view";

const slot = (over: Partial<SlotRecord>): SlotRecord => ({
  id: "slot",
  run_id: "run",
  call_id: "call-1",
  index: 1,
  kind: "wait",
  tool_name: "ask_preference",
  renderer: "ask_preference",
  props: { question: "Tea or coffee?", options: ["tea", "coffee"] },
  display_strategy: "stay",
  status: "pending",
  created_at: "2026-01-01T10:00:00.000Z",
  expires_at: null,
  settled_at: null,
  ...over,
});

const conversation: Message[] = [
  { id: "u1", sender: "user", text: "Pick a drink" },
  {
    id: "a1",
    sender: "agent",
    text: "Let me ask.",
    tool_calls: [
      { id: "call-1", tool_name: "ask_preference", input_args: { secret: "internal input" } },
      { id: "call-2", tool_name: "send_email", input_args: { to: "ada@example.com" } },
    ],
  },
  {
    id: "r1",
    sender: "user",
    text: "",
    tool_results: [{ tool_name: "send_email", call_id: "call-2", result: { status: "success", data: "sent to ada@example.com" } }],
  },
  { id: "s1", sender: "user", text: "[Skill: brief]\nSecret instructions", is_skill_injection: true },
  { id: "c1", sender: "agent", text: "Summary for the model", is_compaction: true },
  { id: "a2", sender: "agent", text: "Half an ans", stopped: true },
];

describe("the rows a share link shows", () => {
  it("keeps what people said, the agent's words and the cards; drops tool inputs and results, injections, compaction and permission cards", () => {
    const slots = [
      slot({}),
      slot({ id: "perm", call_id: "call-2", index: 0, renderer: "permission_request", props: { tool: "send_email" } }),
    ];
    const entries = sharedEntries(conversation, slots, null);
    expect(entries).toEqual([
      { kind: "user", text: "Pick a drink" },
      { kind: "agent", text: "Let me ask.", stopped: false },
      { kind: "card", question: "Tea or coffee?", status: "waiting", answer: null },
      { kind: "agent", text: "Half an ans", stopped: true },
    ]);
    const wire = JSON.stringify(sharedConversationSchema.shape.entries.parse(entries));
    for (const hidden of ["internal input", "ada@example.com", "Secret instructions", "Summary for the model", "send_email"])
      expect(wire).not.toContain(hidden);
  });

  it("an answered card shows its answer; one answered after a snapshot's time still waits there; a declined one says why", () => {
    const answered = slot({ status: "resolved", value: { choice: "tea" }, settled_at: "2026-01-01T10:05:00.000Z" });
    expect(sharedEntries(conversation, [answered], null)[2]).toMatchObject({ status: "answered", answer: "tea" });
    expect(sharedEntries(conversation, [answered], new Date("2026-01-01T10:01:00.000Z"))[2]).toMatchObject({
      status: "waiting",
      answer: null,
    });
    const declined = slot({ status: "rejected", reason: "Not now", settled_at: "2026-01-01T10:05:00.000Z" });
    expect(sharedEntries(conversation, [declined], null)[2]).toMatchObject({ status: "declined", answer: "Not now" });
  });

  it("a card whose props carry no question is named by its kind", () => {
    const entries = sharedEntries(conversation, [slot({ renderer: "approve_plan", props: { steps: [] } })], null);
    expect(entries[2]).toMatchObject({ question: "Approve plan" });
  });

  it("a copy is plain text that alternates: a card folds into the agent's words", () => {
    expect(copyMessages(sharedEntries(conversation, [slot({})], null))).toEqual([
      { sender: "user", text: "Pick a drink" },
      { sender: "agent", text: "Let me ask.\n\n> Tea or coffee?\n\n(Not answered when copied.)\n\nHalf an ans" },
    ]);
  });
});
