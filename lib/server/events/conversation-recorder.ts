import { appendRunEvents } from "@/lib/db/run-events";
import type { TenantContext } from "@/lib/db/tenant-context";
import { logger } from "@/lib/server/logger";
import { localHub } from "./local-hub";
import { eventBus } from "./pg-bus";
import { RunEventRecorder } from "./run-event-recorder";

/** A recorder whose events are stored in the conversation's run events, streamed to this instance's readers and announced on the bus. */
export function conversationRecorder(tenant: Pick<TenantContext, "organizationId">, conversationId: string): RunEventRecorder {
  return new RunEventRecorder({
    async write(event) {
      const [stored] = await appendRunEvents(tenant.organizationId, conversationId, event.runId, [{ type: event.type, data: event.data }]);
      return stored;
    },
    publish(event) {
      localHub().publish(conversationId, event.seq, event);
      eventBus()
        .publishEvent(conversationId, event.seq)
        .catch((error) => logger.warn("a run event could not be announced on the bus; other instances catch up on their next event", { conversationId, error }));
    },
    onError(error, type) {
      logger.error("a run event could not be stored", { conversationId, type, error });
    },
  });
}
