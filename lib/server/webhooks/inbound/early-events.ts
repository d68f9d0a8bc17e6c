import type { InboxItem } from "@/lib/agent";
import { prisma } from "@/lib/db/client";
import type { InboxItem as InboxItemRow } from "@/lib/db/generated/client";
import { findInboundEndpoint } from "@/lib/db/inbound-endpoints";
import { findInboxItem } from "@/lib/db/inbox-items";
import { claimKeptEvent, expireKeptEvents, pendingItemsWithKeptEvents, setInboundEventOutcome } from "@/lib/db/inbound-events";
import { logger } from "@/lib/server/logger";
import { resolveByEvent } from "./resolve-by-event";

/**
 * The early-event window (Inngest's `waitForEvent` misses events that arrive before the wait; this
 * does not): an event that matched no pending item is kept, and an item posted later with its key and
 * a tag its endpoint may resolve is resolved by the oldest such event. The agent's inbox hook calls
 * `matchPostedItem` right after an item is stored; the sweep calls `sweepKeptEvents`, which covers a
 * crash between the post and the match and retires events past their window.
 */

/** Resolves a pending item with a kept event, if one waits for it. Returns the id of the endpoint whose event resolved it, or null. */
export async function matchKeptEvent(item: InboxItemRow, now = new Date()): Promise<string | null> {
  if (item.status !== "pending" || !item.correlationKey) return null;
  for (;;) {
    const event = await claimKeptEvent(item.organizationId, item.tag, item.correlationKey, item.publicId, now);
    if (!event) return null;
    const endpoint = await findInboundEndpoint(item, event.endpointId);
    if (!endpoint) continue;
    let resolution;
    try {
      resolution = await resolveByEvent(item.organizationId, item.publicId, event.response, endpoint);
    } catch (error) {
      // The answer may have been written before the failure (the continuation failed): then the event did
      // resolve the item. Otherwise it must not be lost to a passing failure: it waits again for the sweep.
      const now = await prisma.inboxItem.findFirst({ where: { organizationId: item.organizationId, publicId: item.publicId } });
      const resolvedByIt = now?.resolvedByKind === "inbound_webhook" && now.resolvedById === endpoint.id;
      await setInboundEventOutcome(
        item.organizationId,
        event.id,
        resolvedByIt ? { outcome: "matched", resolvedItemId: item.publicId } : { outcome: "kept", resolvedItemId: null },
      );
      throw error;
    }
    switch (resolution.outcome) {
      case "matched":
        return endpoint.id;
      case "refused":
        // Off the item's schema: this event cannot answer it; an older or later one may.
        await setInboundEventOutcome(item.organizationId, event.id, {
          outcome: "refused",
          resolvedItemId: null,
          refusedReason: resolution.error.message,
        });
        continue;
      case "conflict":
        await setInboundEventOutcome(item.organizationId, event.id, { outcome: "conflict" });
        return null;
      case "gone":
      case "over_limit":
        await setInboundEventOutcome(item.organizationId, event.id, { outcome: "kept", resolvedItemId: null });
        return null;
    }
  }
}

/** The inbox hook's part: `item` as the organization's agent store holds it (found by its public id). True when a kept event resolved it. */
export async function matchPostedItem(tenant: { organizationId: string }, item: InboxItem): Promise<boolean> {
  if (item.status !== "pending" || !item.correlation_key || !item.public_id) return false;
  const row = await findInboxItem(tenant, item.public_id);
  return row !== null && (await matchKeptEvent(row)) !== null;
}

/** One sweep pass: kept events resolve the pending items they fit, then those past their window expire. */
export async function sweepKeptEvents(now = new Date()): Promise<void> {
  for (const item of await pendingItemsWithKeptEvents(now)) {
    // One organization's failure (its database rows, its plan) must not stop the others' events.
    await matchKeptEvent(item, now).catch((error: unknown) =>
      logger.error("a kept inbound event could not be matched", { organizationId: item.organizationId, itemId: item.publicId, error }),
    );
  }
  await expireKeptEvents(now);
}
