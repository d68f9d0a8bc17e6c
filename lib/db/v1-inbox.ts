import { NotFoundError } from "@/lib/agent/errors";
import type { Prisma } from "./generated/client";
import { prisma } from "./client";
import { InvalidCursorError, decodeCursor, encodeCursor } from "./keyset-cursor";
import type { TenantContext } from "./tenant-context";

export interface InboxListFilter {
  status?: string;
  tag?: string;
  conversationId?: string;
  cursor?: string;
  limit: number;
}

const SELECT = {
  id: true,
  conversationId: true,
  tag: true,
  request: true,
  response: true,
  status: true,
  blocking: true,
  createdAt: true,
  resolvedAt: true,
  seq: true,
} as const;

type Row = Prisma.InboxItemGetPayload<{ select: typeof SELECT }>;

const toWire = (row: Row) => ({
  id: row.id,
  conversation_id: row.conversationId,
  tag: row.tag,
  request: row.request,
  response: row.response,
  status: row.status,
  blocking: row.blocking,
  created_at: row.createdAt.toISOString(),
  resolved_at: row.resolvedAt?.toISOString() ?? null,
});

/** The organization's inbox items, newest first, keyset-paginated by (createdAt, seq): item ids are tool call ids,
 * which hold characters a cursor refuses and are unique per store only, so the tiebreak is the row's sequence. A bad cursor is an InvalidCursorError. */
export async function listInboxItems(ctx: TenantContext, filter: InboxListFilter) {
  const after = filter.cursor ? decodeCursor(filter.cursor) : null;
  if (after && !/^\d{1,19}$/.test(after.id)) throw new InvalidCursorError();
  // A conversation the key's organization does not have is a 404, as every other tenant object is (not an empty page).
  if (filter.conversationId !== undefined) {
    const known = await prisma.conversation.count({ where: { id: filter.conversationId, organizationId: ctx.organizationId } });
    if (known === 0) throw new NotFoundError("This conversation");
  }
  const rows = await prisma.inboxItem.findMany({
    where: {
      organizationId: ctx.organizationId,
      ...(filter.status !== undefined && { status: filter.status }),
      ...(filter.tag !== undefined && { tag: filter.tag }),
      ...(filter.conversationId !== undefined && { conversationId: filter.conversationId }),
      ...(after && { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, seq: { lt: BigInt(after.id) } }] }),
    },
    orderBy: [{ createdAt: "desc" }, { seq: "desc" }],
    take: filter.limit + 1,
    select: SELECT,
  });
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    items: page.map(toWire),
    next_cursor: rows.length > filter.limit && last ? encodeCursor(last.createdAt, last.seq.toString()) : null,
  };
}

/** One item of the organization, or null (another organization's alike). */
export async function getInboxItem(ctx: TenantContext, itemId: string) {
  const row = await prisma.inboxItem.findFirst({ where: { organizationId: ctx.organizationId, id: itemId }, select: SELECT });
  return row ? toWire(row) : null;
}
