import { getPgPool } from "@/lib/db/pg-pool";
import { appendAndAnnounceRunEvents } from "@/lib/db/run-events";
import type { TenantContext } from "@/lib/db/tenant-context";
import { logger } from "@/lib/server/logger";
import { instanceId } from "./instance-id";
import { localHub } from "./local-hub";
import { RUN_EVENTS_CHANNEL } from "./pg-bus";
import { RunEventRecorder, type RunEventRecorderOptions } from "./run-event-recorder";

/**
 * A recorder whose events are stored in the conversation's run events, streamed to this instance's readers and announced on the bus.
 * Storing and announcing is one statement (lib/db/run-events.ts): the bus notice is delivered when the rows become visible.
 * `flushIntervalMs`: how long text deltas may wait (the caller knows the load; the recorder's default otherwise).
 */
export function conversationRecorder(
  tenant: Pick<TenantContext, "organizationId">,
  conversationId: string,
  flushIntervalMs?: RunEventRecorderOptions["flushIntervalMs"],
): RunEventRecorder {
  const pool = getPgPool();
  const notice = { channel: RUN_EVENTS_CHANNEL, instanceId: instanceId() };
  return new RunEventRecorder({
    writeBatch: (events) =>
      appendAndAnnounceRunEvents((text, values) => pool.query(text, values), notice, tenant.organizationId, conversationId, events),
    publish(event) {
      localHub().publish(conversationId, event.seq, event);
    },
    ...(flushIntervalMs !== undefined && { flushIntervalMs }),
    onError(error, type) {
      logger.error("a run event could not be stored", { conversationId, type, error });
    },
  });
}
