import type { TenantContext } from "@/lib/db/tenant-context";
import { isDatabaseUnavailable } from "@/lib/server/database-unavailable";
import { logger } from "@/lib/server/logger";
import { launchContinuation } from "./launch";
import { openAgent } from "./open-turn";

type Scope = Pick<TenantContext, "organizationId"> & { conversationId: string };

export interface SettleOptions {
  /** What the run's error says (the true cause: the database, not a dead server). */
  message: string;
  /** Also record `run_failed`: when the run's own `run_failed` was not kept (the recorder gave up on it). */
  announce: boolean;
}

/** Between attempts: the database is usually back within seconds, and a person waits for the conversation. */
const DELAY_MS = { initial: 250, max: 1_000 };

type Settling = { done: Promise<void>; options: SettleOptions };
const shared = globalThis as typeof globalThis & { handoffSettling?: Map<string, Settling> };
const settling = () => (shared.handoffSettling ??= new Map<string, Settling>());

/**
 * A run this instance executed ended while the database was away, so it could not be marked
 * failed: it would stay `running`, its conversation busy, until the lease sweep blamed a dead
 * server. Retried here with capped backoff until the database answers: the run is failed with the
 * true cause (only if still active), its cards dismissed, and then messages queued meanwhile are
 * answered (nobody else would start them). One loop per run; idempotent, so a sweep that wins the
 * race only makes this a no-op. That race exists only for an outage longer than the lease: then a
 * sweep that runs in the second after the database's return fails the run as "server stopped".
 */
export function settleWhenDatabaseIsBack(scope: Scope, runId: string, options: SettleOptions): Promise<void> {
  const running = settling().get(runId);
  if (running) {
    // A later reason to announce (the recorder gave up) joins the loop that already runs.
    if (options.announce) running.options = options;
    return running.done;
  }
  const entry: Settling = { done: Promise.resolve(), options };
  entry.done = retryUntilSettled(scope, runId, () => entry.options).finally(() => settling().delete(runId));
  settling().set(runId, entry);
  return entry.done;
}

async function retryUntilSettled(scope: Scope, runId: string, options: () => SettleOptions): Promise<void> {
  for (let delay = DELAY_MS.initial; ; delay = Math.min(delay * 2, DELAY_MS.max)) {
    try {
      await settleOnce(scope, runId, options());
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        logger.error("a run left by a database outage could not be settled", { ...scope, runId, error });
        return;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, delay).unref());
  }
}

async function settleOnce(scope: Scope, runId: string, options: SettleOptions): Promise<void> {
  const agent = await openAgent(scope, scope.conversationId);
  let handedOver = false;
  try {
    const { store, recorder } = agent;
    if (await store.transitionRun(runId, ["running", "suspended"], "failed", options.message)) {
      logger.warn("a run that ended while the database was away is marked failed", { ...scope, runId });
      for (const slot of await store.dismissPendingSlots(runId, new Date().toISOString())) await recorder.record("slot_resolved", { slot });
      if (options.announce) await recorder.record("run_failed", { run_id: runId, message: options.message });
    }
    await recorder.flush();
    // Messages queued behind the run are answered now, in order, by one continuation (launch then disposes the agent).
    if ((await store.getQueuedMessages()).length === 0) return;
    handedOver = true;
    await launchContinuation(scope.conversationId, agent);
  } finally {
    if (!handedOver) await agent.dispose();
  }
}
