import type { InboxResolver } from "@/lib/agent";
import type { InboundOutcome } from "@/lib/schemas/inbound-endpoints";
import { AppError } from "@/lib/server/http/app-error";
import { resolveInboxItem } from "@/lib/server/inbox/resolve-item";

export type EventResolution =
  | { outcome: "matched"; itemId: string }
  | { outcome: Extract<InboundOutcome, "conflict" | "refused">; itemId: string; error: AppError }
  /** The item went away (deleted, or no longer the organization's) between finding and resolving it. */
  | { outcome: "gone"; itemId: string }
  /** The plan's limits refused the run the answer would start (402): the item stays pending, the event waits. */
  | { outcome: "over_limit"; itemId: string; error: AppError };

/**
 * Resolves an item with an event's response through the one resolve path, as the endpoint. The
 * refusals the log records (409: answered differently, expired or cancelled; 422: off-schema) come
 * back as outcomes, and so does a 402 (the event is kept, not lost); anything else is thrown.
 */
export async function resolveByEvent(
  organizationId: string,
  itemId: string,
  response: unknown,
  endpoint: { id: string; name: string },
): Promise<EventResolution> {
  const resolver: InboxResolver = { kind: "inbound_webhook", id: endpoint.id, name: endpoint.name };
  try {
    await resolveInboxItem({ organizationId }, itemId, response, resolver);
    return { outcome: "matched", itemId };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 409) return { outcome: "conflict", itemId, error };
    if (error.status === 422) return { outcome: "refused", itemId, error };
    if (error.status === 404) return { outcome: "gone", itemId };
    if (error.status === 402) return { outcome: "over_limit", itemId, error };
    throw error;
  }
}
