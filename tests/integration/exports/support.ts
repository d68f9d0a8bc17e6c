// Conversations with text, a tool call, its result and a card, as the runtime stores them.
import type { SlotRecord } from "@/lib/agent";
import type { TenantContext } from "@/lib/db/tenant-context";
import { openNewConversationStore } from "@/tests/integration/store/support";
import { renameConversation } from "@/lib/db/conversations";

/** Who answers the seeded card. */
export const ANSWERER_NAME = "Ann Lee";

export const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute)).toISOString();

/** A conversation titled `title`: a question, the agent's tool call with a card, the result, the answer. */
export async function seedConversation(tenant: TenantContext, title: string) {
  const { conversation, store } = await openNewConversationStore(tenant);
  await renameConversation(tenant, conversation.id, title);
  const callId = `call-${conversation.id}`;
  await store.appendMessages([
    { id: `${callId}-1`, sender: "user", text: `Plan the ${title} offsite`, created_at: at(1) },
    {
      id: `${callId}-2`,
      sender: "agent",
      text: "Let me ask which city.",
      tool_calls: [{ id: callId, tool_name: "ask_preference", input_args: { question: "Which city?", options: ["Oslo", "Rome"] } }],
      created_at: at(2),
    },
    {
      id: `${callId}-3`,
      sender: "user",
      text: "",
      tool_results: [{ tool_name: "ask_preference", call_id: callId, result: { status: "success", data: { choice: "Rome" } } }],
      created_at: at(3),
    },
    { id: `${callId}-4`, sender: "agent", text: `Rome it is for ${title}.`, created_at: at(4) },
  ]);
  const slot: SlotRecord = {
    id: `slot-${conversation.id}`,
    run_id: "run-1",
    call_id: callId,
    index: 1,
    kind: "wait",
    tool_name: "ask_preference",
    renderer: "ask_preference",
    props: { question: "Which city?", options: ["Oslo", "Rome"] },
    display_strategy: "stay",
    status: "pending",
    created_at: at(2),
    expires_at: null,
    settled_at: null,
  };
  await store.createSlot(slot);
  await store.settleSlot(slot.id, {
    status: "resolved",
    value: { choice: "Rome" },
    settled_at: at(3),
    answered_by: { user_id: tenant.userId, name: ANSWERER_NAME },
  });
  return conversation;
}
