import { getPgPool } from "@/lib/db/pg-pool";
import { appendAndAnnounceRunEventBatch, appendAndAnnounceRunEventGroups, type RawQuery } from "@/lib/db/run-events";
import type { TenantContext } from "@/lib/db/tenant-context";
import { logger } from "@/lib/server/logger";
import { instanceId } from "./instance-id";
import { localHub } from "./local-hub";
import { RunEventAppender } from "./run-event-appender";
import { RUN_EVENTS_CHANNEL } from "./pg-bus";
import { EVENTS_LOST_MESSAGE, RunEventRecorder, type RunEventRecorderOptions } from "./run-event-recorder";
import { isDatabaseUnavailable } from "@/lib/server/database-unavailable";
import { settleWhenDatabaseIsBack } from "@/lib/server/runs/settle-when-back";

/**
 * A recorder whose events are stored in the conversation's run events, streamed to this instance's readers and announced on the bus.
 * Storing and announcing is one statement (lib/db/run-events.ts): the bus notice is delivered when the rows become visible.
 * Under load that statement carries the batches of all conversations streaming on this instance (run-event-appender.ts).
 * While the database is away a batch is retried in order; a verdict that cannot be stored reaches this instance's streams
 * from memory, and giving up settles the run as soon as the database is back (settle-when-back.ts).
 * `flushIntervalMs`: how long text deltas may wait (the caller knows the load; the recorder's default otherwise).
 */
export function conversationRecorder(
  tenant: Pick<TenantContext, "organizationId">,
  conversationId: string,
  flushIntervalMs?: RunEventRecorderOptions["flushIntervalMs"],
): RunEventRecorder {
  const appender = runEventAppender();
  return new RunEventRecorder({
    writeBatch: (events, releasingHolds) =>
      appender.append({
        organizationId: tenant.organizationId,
        conversationId,
        events,
        ...(releasingHolds?.length && { releaseHolds: releasingHolds }),
      }),
    publish(event) {
      localHub().publish(conversationId, event.seq, event);
    },
    ...(flushIntervalMs !== undefined && { flushIntervalMs }),
    onError(error, type) {
      logger.error("a run event could not be stored", { conversationId, type, error });
    },
    isRetryable: isDatabaseUnavailable,
    publishUnstored(event) {
      localHub().publishUnstored(conversationId, event);
    },
    onGiveUp(runId) {
      settleWhenDatabaseIsBack({ organizationId: tenant.organizationId, conversationId }, runId, {
        message: EVENTS_LOST_MESSAGE,
        announce: true,
      });
    },
  });
}

const globalForAppender = globalThis as unknown as { handoffRunEventAppender?: RunEventAppender };

/** This instance's one appender: the batches of all its conversations are written together under load (run-event-appender.ts). */
function runEventAppender(): RunEventAppender {
  if (globalForAppender.handoffRunEventAppender) return globalForAppender.handoffRunEventAppender;
  const pool = getPgPool();
  const query: RawQuery = (text, values, name) => pool.query({ text, values, ...(name && { name }) });
  const notice = { channel: RUN_EVENTS_CHANNEL, instanceId: instanceId() };
  return (globalForAppender.handoffRunEventAppender = new RunEventAppender({
    writeGroup: (batches) => appendAndAnnounceRunEventGroups(query, notice, batches, { skipLocked: true }),
    writeAlone: (batch) => appendAndAnnounceRunEventBatch(query, notice, batch),
  }));
}
