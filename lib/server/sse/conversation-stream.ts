import { listRunEventsAfter } from "@/lib/db/run-events";
import type { TenantContext } from "@/lib/db/tenant-context";
import { ConversationTail } from "@/lib/server/events/conversation-tail";
import { localHub } from "@/lib/server/events/local-hub";
import { eventBus } from "@/lib/server/events/pg-bus";
import { isDatabaseUnavailable } from "@/lib/server/database-unavailable";
import { logger } from "@/lib/server/logger";
import { eventForReader } from "@/lib/server/runs/run-error-view";
import { sseResponse } from "./sse-response";

/**
 * A conversation's events after `after` as `text/event-stream`: the stored ones first, then live
 * ones from this instance and (through the bus) every other. With `until`, the stream closes once
 * that work is done and everything it stored was sent (the POST routes); without, it stays open
 * until the client leaves (GET /events). `tenant` is the reader: its role decides how a failed
 * run's error reads (run-error-view.ts). `current`: `after` was read just now (a message's turn start),
 * so the stream starts without reading (conversation-tail.ts `start`).
 */
export async function conversationStream(
  tenant: Pick<TenantContext, "organizationId" | "role">,
  conversationId: string,
  options: {
    after: number;
    until?: Promise<unknown>;
    /** The last event the request's own recorder stored, once `until` settled: delivered through it, the closing read is skipped. */
    storedThrough?: () => number;
    requestSignal?: AbortSignal;
    current?: boolean;
  },
): Promise<Response> {
  // Listening before reading: anything committed from here on is either read or notified.
  await eventBus().ready();
  return sseResponse(
    async (writer) => {
      const tail = new ConversationTail({
        conversationId,
        after: options.after,
        hub: localHub(),
        readAfter: (after, limit) => listRunEventsAfter(tenant, conversationId, after, limit),
        // Each reader gets a failed run's error in their role's words (members never the technical sentence).
        deliver: (event) => writer.event(eventForReader(event, tenant)),
        deliverUnstored: (event) => writer.event(eventForReader({ seq: null, type: event.type, data: event.data }, tenant)),
        // A stream outlives a database restart: it reads again when the database is back instead of ending without a verdict.
        isRetryable: isDatabaseUnavailable,
        onError(error) {
          // The client re-attaches with the last id it got.
          logger.error("a conversation stream failed", { conversationId, error });
          writer.close();
        },
      });
      await tail.start({ replay: !options.current });
      void options.until?.then(() => tail.catchUp(options.storedThrough)).finally(() => writer.close());
      return () => tail.stop();
    },
    { requestSignal: options.requestSignal },
  );
}
