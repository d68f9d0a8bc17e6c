import { PERMISSION_SLOT_INDEX, TOOL_ALWAYS_IS_FOR_ADMINS, type SlotRecord } from "@/lib/agent";
import { isAdmin, type TenantContext } from "@/lib/db/tenant-context";
import { buildConversationAgent } from "@/lib/server/agent/conversation-agent";
import { forbidden, notFound } from "@/lib/server/http/app-error";
import { conversationStream } from "@/lib/server/sse/conversation-stream";
import { launchContinuation } from "./launch";
import { recoverDeadRunsThenReadLastEventSeq } from "@/lib/server/runs/recover-dead-runs";
import { settleAll } from "@/lib/server/settle-all";

export type SlotAnswerInput = { kind: "resolve"; value: unknown } | { kind: "reject"; reason?: string };

/** What a slot answer route sends: a stream of the continuation, or `{slot, continued}` as JSON. */
export type SlotAnswerReply = { kind: "stream"; response: Response } | { kind: "json"; slot: SlotRecord; continued: boolean };

/**
 * Answers a card. First answer wins (the runtime's conditional update): the same answer again is
 * a no-op, a different one a 409. The runtime validates a resolve against the card's schema (422 with
 * the zod issues); editing a permission request's input and always allowing a tool for every input
 * are for admins (403 otherwise); every answer to a permission card is audited. When no
 * card of the run is pending any more, the run continues detached; the reply streams it when the
 * client asked for `text/event-stream`.
 */
export async function answerSlot(
  ctx: TenantContext,
  conversationId: string,
  slotId: string,
  answer: SlotAnswerInput,
  options: { wantsStream: boolean; requestSignal?: AbortSignal },
): Promise<SlotAnswerReply> {
  // Side by side, as for a message: dead-run recovery with the stream's start, and the agent.
  const [after, agent] = await settleAll([recoverDeadRunsThenReadLastEventSeq({ organizationId: ctx.organizationId, conversationId }), buildConversationAgent(ctx, conversationId, { checkModelUrls: true })] as const);
  const slot = await agent.store.getSlot(slotId);
  if (!slot) {
    await agent.dispose();
    throw notFound("This card");
  }
  const answerer = { userId: ctx.userId, isAdmin: isAdmin(ctx) };
  let result;
  try {
    if (answer.kind === "resolve") {
      if (slot.status === "pending") checkAnswer(ctx, slot, answer.value);
      result = await agent.glove.resolveSlot(slotId, answer.value, { answerer });
    } else {
      result = await agent.glove.rejectSlot(slotId, answer.reason || undefined, { answerer });
    }
  } catch (error) {
    await agent.dispose();
    throw error;
  }
  if (!result.continuable) {
    await agent.dispose();
    return { kind: "json", slot: result.slot, continued: false };
  }
  const launched = await launchContinuation(conversationId, agent);
  const continued = launched.kind === "running";
  if (!options.wantsStream || !continued) return { kind: "json", slot: result.slot, continued };
  return { kind: "stream", response: await conversationStream(ctx, conversationId, { after, until: launched.done, requestSignal: options.requestSignal }) };
}

function checkAnswer(ctx: TenantContext, slot: SlotRecord, value: unknown) {
  const editsInput = typeof value === "object" && value !== null && "editedInput" in value && (value as { editedInput?: unknown }).editedInput !== undefined;
  if (editsInput && !isAdmin(ctx)) throw forbidden("Only owners and admins can edit what a tool will run with. Allow or deny it as it is, or ask an admin.");
  const decision = typeof value === "object" && value !== null && "decision" in value ? (value as { decision?: unknown }).decision : undefined;
  if (slot.index === PERMISSION_SLOT_INDEX && decision === "allow_tool_always" && !isAdmin(ctx)) throw forbidden(TOOL_ALWAYS_IS_FOR_ADMINS);
}
