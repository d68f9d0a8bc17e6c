import type { InboundOutcome } from "@/lib/schemas/inbound-endpoints";
import { prisma } from "./client";
import type { InboundEvent, InboxItem } from "./generated/client";
import { decodeCursor, encodeCursor } from "./keyset-cursor";
import { jsonOrJsonNull } from "./store/records";
import type { TenantContext } from "./tenant-context";

/**
 * The inbound event log: every request an endpoint received, and the two queries the early-event
 * window needs (a kept event claimed by an item posted later, and kept events past their window).
 */

export type InboundEventRow = InboundEvent;

export interface NewInboundEvent {
  organizationId: string;
  endpointId: string;
  verification: "verified" | "refused";
  refusedReason?: string | null;
  outcome: InboundOutcome;
  correlationKey?: string | null;
  response?: unknown;
  resolvedItemId?: string | null;
  keptUntil?: Date | null;
  senderEventId?: string | null;
}

/** Logs one request (a refused one without a response: nothing of an unverified body is kept). */
export function recordInboundEvent(event: NewInboundEvent): Promise<InboundEventRow> {
  const { response, ...rest } = event;
  return prisma.inboundEvent.create({ data: { ...rest, response: response === undefined ? undefined : jsonOrJsonNull(response) } });
}

/** The first verified event of this endpoint with the sender's id (a retry of it is answered with its outcome). */
export function findVerifiedDuplicate(endpointId: string, senderEventId: string): Promise<InboundEventRow | null> {
  return prisma.inboundEvent.findFirst({
    where: { endpointId, senderEventId, verification: "verified" },
    orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
  });
}

export function setInboundEventOutcome(
  organizationId: string,
  eventId: string,
  change: { outcome: InboundOutcome; resolvedItemId?: string | null; refusedReason?: string | null },
) {
  return prisma.inboundEvent.update({ where: { organizationId_id: { organizationId, id: eventId } }, data: change });
}

/**
 * What an event with this key answers: the oldest pending item of the organization with one of
 * `tags` and the key; else the latest one already answered (so a different answer is a conflict and
 * the identical one a no-op, never kept for an item that will not come); else null.
 */
export async function findItemFor(organizationId: string, tags: string[], correlationKey: string): Promise<InboxItem | null> {
  const where = { organizationId, tag: { in: tags }, correlationKey };
  return (
    (await prisma.inboxItem.findFirst({ where: { ...where, status: "pending" }, orderBy: [{ createdAt: "asc" }, { publicId: "asc" }] })) ??
    (await prisma.inboxItem.findFirst({
      where: { ...where, status: { in: ["resolved", "consumed"] } },
      orderBy: [{ resolvedAt: "desc" }, { publicId: "desc" }],
    }))
  );
}

/**
 * Claims the oldest kept, unexpired event of the organization whose endpoint may resolve `tag` and
 * that carries `correlationKey`: marked matched to `itemPublicId` under its row lock (SKIP LOCKED, so
 * two claimers never take the same event). Returns the event, or null when none is waiting.
 */
export async function claimKeptEvent(
  organizationId: string,
  tag: string,
  correlationKey: string,
  itemPublicId: string,
  now = new Date(),
): Promise<InboundEventRow | null> {
  return prisma.$transaction(async (tx) => {
    const [event] = await tx.$queryRaw<InboundEventRow[]>`
      SELECT e.* FROM "InboundEvent" e JOIN "InboundEndpoint" p ON p."id" = e."endpointId"
      WHERE e."organizationId" = ${organizationId} AND e."outcome" = 'kept' AND e."correlationKey" = ${correlationKey}
        AND e."keptUntil" > ${now} AND p."enabled" AND ${tag} = ANY(p."tags")
      ORDER BY e."receivedAt", e."id" LIMIT 1
      FOR UPDATE OF e SKIP LOCKED`;
    if (!event) return null;
    return tx.inboundEvent.update({
      where: { organizationId_id: { organizationId: organizationId, id: event.id } },
      data: { outcome: "matched", resolvedItemId: itemPublicId },
    });
  });
}

/** Kept events past their window become `expired`; returns how many. */
export async function expireKeptEvents(now = new Date()): Promise<number> {
  const { count } = await prisma.inboundEvent.updateMany({
    where: { outcome: "kept", keptUntil: { lte: now } },
    data: { outcome: "expired" },
  });
  return count;
}

/** Pending items that a kept, unexpired event could resolve (what the sweep hands to the matcher), oldest first. */
export async function pendingItemsWithKeptEvents(now = new Date(), limit = 50): Promise<InboxItem[]> {
  return prisma.$queryRaw<InboxItem[]>`
    SELECT DISTINCT ON (i."createdAt", i."publicId") i.* FROM "InboundEvent" e
      JOIN "InboundEndpoint" p ON p."id" = e."endpointId"
      JOIN "InboxItem" i ON i."organizationId" = e."organizationId" AND i."correlationKey" = e."correlationKey"
        AND i."status" = 'pending' AND i."tag" = ANY(p."tags")
    WHERE e."outcome" = 'kept' AND e."keptUntil" > ${now} AND p."enabled"
    ORDER BY i."createdAt", i."publicId" LIMIT ${limit}`;
}

export interface InboundEventPage {
  events: (InboundEventRow & { conversationId: string | null })[];
  nextCursor: string | null;
}

/** One endpoint's log, newest first, keyset-paginated; each resolved event with its item's conversation. */
export async function listInboundEvents(
  ctx: Pick<TenantContext, "organizationId">,
  endpointId: string,
  cursor: string | null,
  limit: number,
): Promise<InboundEventPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await prisma.inboundEvent.findMany({
    where: {
      organizationId: ctx.organizationId,
      endpointId,
      ...(after ? { OR: [{ receivedAt: { lt: after.at } }, { receivedAt: after.at, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const itemIds = [...new Set(page.map((row) => row.resolvedItemId).filter((id): id is string => id !== null))];
  const items = itemIds.length
    ? await prisma.inboxItem.findMany({
        where: { organizationId: ctx.organizationId, publicId: { in: itemIds } },
        select: { publicId: true, conversationId: true },
      })
    : [];
  const conversationOf = new Map(items.map((item) => [item.publicId, item.conversationId]));
  const last = page.at(-1);
  return {
    events: page.map((row) => ({ ...row, conversationId: row.resolvedItemId ? (conversationOf.get(row.resolvedItemId) ?? null) : null })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.receivedAt, last.id) : null,
  };
}
