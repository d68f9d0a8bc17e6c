import { NotFoundError } from "@/lib/agent/errors";
import { prisma } from "@/lib/db/client";
import { readLastEventSeq } from "@/lib/db/conversation-snapshot";
import { PostgresStore } from "@/lib/db/postgres-store";
import { failRunsWithExpiredLease, readLastEventSeqAndExpiry, type ExpiredRun } from "@/lib/db/run-leases";
import { conversationRecorder } from "@/lib/server/events/conversation-recorder";
import { logger } from "@/lib/server/logger";
import { launchContinuation } from "./launch";
import { runLeaseMs, SERVER_STOPPED_MESSAGE } from "./lease-config";
import { openAgent } from "./open-turn";

/**
 * Finds running runs whose server stopped (lease expired), marks them failed with a message a
 * person can act on, dismisses their pending cards and tells every viewer (`slot_resolved`,
 * `run_failed`). The history is left as it was: a retry continues the unfinished step (calls that
 * finished keep their results), and a new message closes it with error results first. Messages
 * queued behind the dead run are then answered.
 *
 * Called for one conversation before anything that reads or changes it, and for all of them by
 * the periodic sweep (lib/server/jobs/background-jobs.ts).
 */
export async function recoverDeadRuns(scope: { organizationId: string; conversationId: string } | null): Promise<ExpiredRun[]> {
  const expired = await failRunsWithExpiredLease(scope, runLeaseMs(), SERVER_STOPPED_MESSAGE);
  for (const run of expired) {
    try {
      await announceFailure(run);
    } catch (error) {
      logger.error("a dead run was marked failed but could not be announced", { ...run, error });
    }
  }
  return expired;
}

/**
 * `recoverDeadRuns` for one conversation, then its last event number (what a stream opened now
 * starts after: the failure events of a recovered run are before it). One read when no run of
 * the conversation has an expired lease, the usual case, none when the caller read `known`
 * already; NotFoundError for an unknown conversation.
 */
export async function recoverDeadRunsThenReadLastEventSeq(
  scope: { organizationId: string; conversationId: string },
  known?: { lastEventSeq: number; expiredRun: boolean },
): Promise<number> {
  const state = known ?? (await readLastEventSeqAndExpiry(scope, scope.conversationId, runLeaseMs()));
  if (!state) throw new NotFoundError("The conversation");
  if (!state.expiredRun) return state.lastEventSeq;
  await recoverDeadRuns(scope);
  return readLastEventSeq(scope, scope.conversationId);
}

async function announceFailure(run: ExpiredRun) {
  logger.warn("a run's server stopped; marked failed", { ...run });
  const store = await PostgresStore.open(prisma, { organizationId: run.organizationId, conversationId: run.conversationId });
  const recorder = conversationRecorder(run, run.conversationId);
  for (const slot of await store.dismissPendingSlots(run.runId, new Date().toISOString())) await recorder.record("slot_resolved", { slot });
  await recorder.record("run_failed", { run_id: run.runId, message: SERVER_STOPPED_MESSAGE });
  await recorder.flush();
  if ((await store.getQueuedMessages()).length > 0) void answerQueued(run);
}

/**
 * Messages sent while the dead run seemed to run were queued for it; nothing else would ever
 * answer them (a Retry would answer them in place of the failed request). Answered now, in order,
 * by one continuation on this instance, detached: the caller (a request, the sweep) does not wait for the model.
 */
async function answerQueued(run: ExpiredRun) {
  try {
    await launchContinuation(run.conversationId, await openAgent(run, run.conversationId));
  } catch (error) {
    logger.error("messages queued behind a dead run could not be answered", { ...run, error });
  }
}
