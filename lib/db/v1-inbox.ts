import { NotFoundError } from "@/lib/agent/errors";
import { prisma } from "./client";
import { inboxItemWire } from "./inbox-items";
import { InvalidCursorError, decodeCursor, encodeCursor } from "./keyset-cursor";
import type { TenantContext } from "./tenant-context";

export interface InboxListFilter {
  status?: string;
  tag?: string;
  conversationId?: string;
  correlationKey?: string;
  /** Only items created at least this many minutes ago. */
  olderThanMinutes?: number;
  cursor?: string;
  limit: number;
}

/** The organization's inbox items, newest first, keyset-paginated by (createdAt, seq): the row's sequence breaks ties. A bad cursor is an InvalidCursorError. */
export async function listInboxItems(ctx: Pick<TenantContext, "organizationId">, filter: InboxListFilter, now = new Date()) {
  const after = filter.cursor ? decodeCursor(filter.cursor) : null;
  if (after && !/^\d{1,19}$/.test(after.id)) throw new InvalidCursorError();
  // A conversation the organization does not have is a 404, as every other tenant object is (not an empty page).
  if (filter.conversationId !== undefined) {
    const known = await prisma.conversation.count({
      where: { id: filter.conversationId, organizationId: ctx.organizationId, deletedAt: null },
    });
    if (known === 0) throw new NotFoundError("This conversation");
  }
  const createdBefore = filter.olderThanMinutes === undefined ? undefined : new Date(now.getTime() - filter.olderThanMinutes * 60_000);
  const rows = await prisma.inboxItem.findMany({
    where: {
      organizationId: ctx.organizationId,
      conversation: { deletedAt: null },
      ...(filter.status !== undefined && { status: filter.status }),
      ...(filter.tag !== undefined && { tag: filter.tag }),
      ...(filter.conversationId !== undefined && { conversationId: filter.conversationId }),
      ...(filter.correlationKey !== undefined && { correlationKey: filter.correlationKey }),
      ...(createdBefore && { createdAt: { lte: createdBefore } }),
      ...(after && { AND: [{ OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, seq: { lt: BigInt(after.id) } }] }] }),
    },
    orderBy: [{ createdAt: "desc" }, { seq: "desc" }],
    take: filter.limit + 1,
  });
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    items: page.map(inboxItemWire),
    next_cursor: rows.length > filter.limit && last ? encodeCursor(last.createdAt, last.seq.toString()) : null,
  };
}
