import {
  rejectSlot,
  resolveSlot,
  type GloveTool,
  type PermissionAnswerer,
  type SlotAnswer,
  type SlotAnswerDeps,
  type SlotRecord,
  type StoreAdapter,
} from "@/lib/agent";
import { prisma } from "@/lib/db/client";
import { PostgresStore } from "@/lib/db/postgres-store";
import { userDisplayName } from "@/lib/db/users";
import { isAdmin, type TenantContext } from "@/lib/db/tenant-context";
import { enabledTools } from "@/lib/server/agent/conversation-agent";
import { checkModelUrls, loadAgentSettings } from "@/lib/server/agent/settings";
import { conversationRecorder } from "@/lib/server/events/conversation-recorder";
import { forbidden, notFound } from "@/lib/server/http/app-error";
import { settleAll } from "@/lib/server/settle-all";
import { admitRun, refundOnThrow } from "@/lib/server/billing/admission";
import { conversationStream } from "@/lib/server/sse/conversation-stream";
import { formCardAnswerValue } from "@/lib/server/forms/card-answers";
import { launchContinuation } from "./launch";
import { openAgent } from "./open-turn";
import { recoverDeadRunsThenReadLastEventSeq } from "./recover-dead-runs";

export type SlotAnswerInput = { kind: "resolve"; value: unknown } | { kind: "reject"; reason?: string };

/** What a slot answer route sends: a stream of the continuation, or `{slot, continued}` as JSON. */
export type SlotAnswerReply = { kind: "stream"; response: Response } | { kind: "json"; slot: SlotRecord; continued: boolean };

/**
 * Answers a card. First answer wins (the runtime's conditional update): the same answer again is
 * a no-op, a different one a 409. The runtime validates a resolve against the card's schema (422 with
 * the zod issues); editing a permission request's input and always allowing a tool for every input
 * are for admins (403 otherwise); every answer to a permission card is audited. When no
 * card of the run is pending any more, the run continues detached (only then is the agent built);
 * the reply streams it when the client asked for `text/event-stream`. The plan's token limit is
 * asked before the card is settled (402), so a refused answer is not lost: the card stays pending.
 */
export async function answerSlot(
  ctx: TenantContext,
  conversationId: string,
  slotId: string,
  answer: SlotAnswerInput,
  options: { wantsStream: boolean; requestSignal?: AbortSignal },
): Promise<SlotAnswerReply> {
  const tenant = { organizationId: ctx.organizationId };
  // Side by side: dead-run recovery with the stream's start, the settings (the card's tool; the
  // model's URLs, 422 before anything is stored) and the store. No agent: most answers continue nothing.
  const [after, settings, store, name] = await settleAll([
    recoverDeadRunsThenReadLastEventSeq({ ...tenant, conversationId }),
    loadAgentSettings(tenant).then(async (settings) => {
      await checkModelUrls(settings);
      return settings;
    }),
    PostgresStore.open(prisma, { ...tenant, conversationId }),
    // The card keeps who answered it ("Chosen by Ann Lee"), written with the settlement.
    userDisplayName(ctx.userId),
  ] as const);
  const slot = await store.getSlot(slotId);
  if (!slot) throw notFound("This card");
  if (answer.kind === "resolve" && slot.status === "pending") checkEditedInput(ctx, answer.value);
  const answerer: PermissionAnswerer = { userId: ctx.userId, isAdmin: isAdmin(ctx), ...(name && { name }) };
  const admission = await admitRun(ctx, { kind: "continuation", conversationId });
  const { result, launched } = await refundOnThrow(admission, async () => {
    const result = await storeAnswer(
      ctx,
      conversationId,
      store,
      await enabledTools(tenant, conversationId, settings),
      slot,
      answer,
      answerer,
    );
    if (!result.continuable) return { result, launched: null };
    const agent = await openAgent(tenant, conversationId, { preloaded: { agentSettings: settings } });
    return { result, launched: { ...(await launchContinuation(conversationId, agent, admission)), recorder: agent.recorder } };
  });
  if (!launched) {
    await admission.release();
    return { kind: "json", slot: result.slot, continued: false };
  }
  const continued = launched.kind === "running";
  if (!options.wantsStream || !continued) return { kind: "json", slot: result.slot, continued };
  return {
    kind: "stream",
    response: await conversationStream(ctx, conversationId, {
      after,
      until: launched.done,
      storedThrough: () => launched.recorder.lastStoredSeq,
      requestSignal: options.requestSignal,
    }),
  };
}

/** The runtime's one answer path (lib/agent/slot-answer.ts), its events recorded and written before any continuation's. */
async function storeAnswer(
  ctx: TenantContext,
  conversationId: string,
  store: StoreAdapter,
  tools: GloveTool[],
  slot: SlotRecord,
  answer: SlotAnswerInput,
  answerer: PermissionAnswerer,
): Promise<SlotAnswer> {
  const recorder = conversationRecorder(ctx, conversationId);
  const deps: SlotAnswerDeps = {
    store,
    toolFor: (name) => tools.find((tool) => tool.name === name),
    // As for a run: a failed write is the recorder's to report (onError), not the answer's.
    emit: async (type, data) => void Promise.resolve(recorder.record(type, data)).catch(() => {}),
    now: () => new Date(),
  };
  try {
    return answer.kind === "resolve"
      ? await resolveSlot(deps, slot, await formCardAnswerValue(ctx, slot, answer.value), answerer)
      : await rejectSlot(deps, slot, answer.reason || undefined, answerer);
  } finally {
    await recorder.flush();
  }
}

/**
 * A member's edit of what a tool runs with is a 403 here; the runtime refuses it too, as invalid
 * (its answerer may be nobody the server knows). A member's tool-wide grant is the runtime's own 403.
 */
function checkEditedInput(ctx: TenantContext, value: unknown) {
  const editsInput =
    typeof value === "object" && value !== null && "editedInput" in value && (value as { editedInput?: unknown }).editedInput !== undefined;
  if (editsInput && !isAdmin(ctx))
    throw forbidden("Only owners and admins can edit what a tool will run with. Allow or deny it as it is, or ask an admin.");
}
