import { Prisma } from "./generated/client";
import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";

/** Reading and changing conversations needs only the tenant; creating one also records who. */
type Tenant = Pick<TenantContext, "organizationId">;

export interface ConversationSummary {
  id: string;
  title: string;
  createdById: string | null;
  createdAt: string;
  updatedAt: string;
  lastActivityAt: string;
}

export interface ConversationPage {
  conversations: ConversationSummary[];
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

export const CONVERSATION_PAGE_LIMIT = 100;
/** Also the column's default. */
export const DEFAULT_CONVERSATION_TITLE = "New conversation";

/** A `cursor` this module did not hand out. */
export class InvalidCursorError extends Error {
  constructor() {
    super("This page link is not valid any more. Reload the list.");
    this.name = "InvalidCursorError";
  }
}

interface ConversationRow {
  id: string;
  title: string;
  createdById: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastActivityAt: Date;
}

const summary = (row: ConversationRow): ConversationSummary => ({
  id: row.id,
  title: row.title,
  createdById: row.createdById,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastActivityAt: row.lastActivityAt.toISOString(),
});

const select = { id: true, title: true, createdById: true, createdAt: true, updatedAt: true, lastActivityAt: true } as const;

const titleOrDefault = (title: string | undefined) => title?.trim() || DEFAULT_CONVERSATION_TITLE;

export async function createConversation(
  ctx: Pick<TenantContext, "organizationId" | "userId">,
  input: { title?: string } = {},
): Promise<ConversationSummary> {
  // With its agent's store, so the first message only reads it (PostgresStore.open).
  const row = await prisma.conversation.create({
    data: { organizationId: ctx.organizationId, createdById: ctx.userId, title: titleOrDefault(input.title), stores: { create: { namespace: "" } } },
    select,
  });
  return summary(row);
}

/** Null when the conversation does not exist in this tenant (also when it exists in another). */
export async function getConversation(ctx: Tenant, conversationId: string): Promise<ConversationSummary | null> {
  const row = await prisma.conversation.findFirst({ where: { id: conversationId, organizationId: ctx.organizationId }, select });
  return row ? summary(row) : null;
}

/**
 * Most recent activity first, keyset-paginated on (lastActivityAt, id), so pages stay stable
 * while conversations are added. `query` matches titles case-insensitively, literally (% and _ too).
 */
export async function listConversations(
  ctx: Tenant,
  options: { query?: string; cursor?: string | null; limit?: number } = {},
): Promise<ConversationPage> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 30), 1), CONVERSATION_PAGE_LIMIT);
  const query = options.query?.trim();
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await prisma.$queryRaw<ConversationRow[]>`
    SELECT "id", "title", "createdById", "createdAt", "updatedAt", "lastActivityAt"
    FROM "Conversation"
    WHERE "organizationId" = ${ctx.organizationId}
      ${query ? Prisma.sql`AND "title" ILIKE ${`%${escapeLike(query)}%`} ESCAPE '\\'` : Prisma.empty}
      ${after ? Prisma.sql`AND ("lastActivityAt", "id") < (${after.at}::timestamp(3), ${after.id})` : Prisma.empty}
    ORDER BY "lastActivityAt" DESC, "id" DESC
    LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { conversations: page.map(summary), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** The updated conversation, or null when it is not in this tenant. A blank title is the default one. */
export async function renameConversation(ctx: Tenant, conversationId: string, title: string): Promise<ConversationSummary | null> {
  const [row] = await prisma.conversation.updateManyAndReturn({
    where: { id: conversationId, organizationId: ctx.organizationId },
    data: { title: titleOrDefault(title) },
    select,
  });
  return row ? summary(row) : null;
}

/** Deletes the conversation and, by cascade, everything the agent stored for it. False when not in this tenant. */
export async function deleteConversation(ctx: Tenant, conversationId: string): Promise<boolean> {
  const { count } = await prisma.conversation.deleteMany({ where: { id: conversationId, organizationId: ctx.organizationId } });
  return count === 1;
}

/** LIKE's wildcards and its escape character, taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

function encodeCursor(row: ConversationRow): string {
  return Buffer.from(JSON.stringify([row.lastActivityAt.toISOString(), row.id])).toString("base64url");
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    const date = new Date(at as string);
    // Only what encodeCursor writes: a NUL byte or a year Postgres cannot store would be a 500.
    const year = date.getUTCFullYear();
    if (typeof at === "string" && typeof id === "string" && /^[a-z0-9]{1,64}$/i.test(id) && year >= 1 && year <= 9999) return { at: date, id };
  } catch {
    // Falls through to the error below.
  }
  throw new InvalidCursorError();
}
