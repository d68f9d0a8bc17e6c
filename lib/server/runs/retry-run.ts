import { readLatestRun } from "@/lib/db/conversation-snapshot";
import type { TenantContext } from "@/lib/db/tenant-context";
import { conflict } from "@/lib/server/http/app-error";
import { admitRun, refundOnThrow } from "@/lib/server/billing/admission";
import { conversationStream } from "@/lib/server/sse/conversation-stream";
import { launchContinuation } from "./launch";
import { openTurn } from "./open-turn";

const NOTHING_TO_RETRY: Record<string, string> = {
  idle: "There is nothing to retry: the last answer is complete. Send a new message instead.",
  stopped: "The stopped answer was kept as it is. Send your message again for a new answer.",
  busy: "The agent is still answering. Wait for it, or stop it first.",
  suspended: "The agent is waiting for the cards in the chat. Answer them, or stop the run first.",
};

/**
 * Re-runs the last turn after a failed (or stopped) run: a continuation, so the model answers the
 * last message again and an unfinished step runs its unfinished tool calls again (finished ones
 * keep their results). Nothing is sent twice to the model. The stream says it is a retry
 * (`run_retried`, right after `run_started`).
 */
export async function retryLastTurn(ctx: TenantContext, conversationId: string, requestSignal?: AbortSignal): Promise<Response> {
  // A retry sends no new message: only the tokens can refuse it (402), before anything opens.
  const admission = await admitRun(ctx, { kind: "continuation", conversationId });
  return refundOnThrow(admission, async () => {
    const { after, agent } = await openTurn(ctx, conversationId);
    // After the recovery: a run whose server died is then "failed", the status the retry reports.
    const previous = await readLatestRun(ctx, conversationId).catch(async (error: unknown) => {
      await agent.dispose();
      throw error;
    });
    const launched = await launchContinuation(conversationId, agent, admission);
    if (launched.kind === "settled") {
      const reason = launched.outcome.status === "idle" && previous?.status === "aborted" ? "stopped" : launched.outcome.status;
      throw conflict(NOTHING_TO_RETRY[reason] ?? NOTHING_TO_RETRY.busy);
    }
    await agent.recorder.recordServerEvent("run_retried", {
      run_id: launched.runId,
      ...(previous && { retry_of: previous.id, previous_status: previous.status }),
    });
    return conversationStream(ctx, conversationId, {
      after,
      until: launched.done,
      storedThrough: () => agent.recorder.lastStoredSeq,
      requestSignal,
    });
  });
}
