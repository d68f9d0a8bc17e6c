import type { FeedbackEntry, FeedbackFilters, FeedbackInput, MessageFeedback } from "@/lib/schemas/feedback";
import { Prisma, prisma } from "./client";
import { endOf, startOf } from "./date-range";
import { decodeCursor, encodeCursor } from "./keyset-cursor";
import type { TenantContext } from "./tenant-context";

/**
 * Feedback on agent messages (MessageFeedback rows): one per person per message, set again to
 * change it. The message is looked up in the conversation's own store (namespace ""), so feedback
 * names only messages that exist there, and its run id is the one stored on the message.
 */

type Tenant = Pick<TenantContext, "organizationId" | "userId">;

const EXCERPT_CHARS = 200;

export type SetFeedbackResult = { status: "set"; feedback: MessageFeedback } | { status: "no_message" } | { status: "not_agent" };

interface RatedMessage {
  sender: string;
  runId: string | null;
}

/** The message of the conversation's store, with the run id stored on it (extras.run_id); null when there is none. */
async function findMessage(ctx: Tenant, conversationId: string, messageId: string): Promise<RatedMessage | null> {
  const [row] = await prisma.$queryRaw<RatedMessage[]>`
    SELECT m."sender", m."extras" ->> 'run_id' AS "runId"
    FROM "Message" m
    JOIN "AgentStore" s ON s."id" = m."storeId" AND s."organizationId" = m."organizationId"
    WHERE s."conversationId" = ${conversationId} AND s."organizationId" = ${ctx.organizationId} AND s."namespace" = ''
      AND m."messageId" = ${messageId}
    LIMIT 1`;
  return row ?? null;
}

interface FeedbackRow {
  messageId: string;
  runId: string | null;
  rating: string;
  reason: string | null;
  comment: string | null;
  updatedAt: Date;
}

const toFeedback = (row: FeedbackRow): MessageFeedback => ({
  messageId: row.messageId,
  runId: row.runId,
  rating: row.rating as MessageFeedback["rating"],
  reason: row.reason as MessageFeedback["reason"],
  comment: row.comment,
  updatedAt: row.updatedAt.toISOString(),
});

/** The person's rating of an agent message of the conversation, created or replaced (one per person per message). */
export async function setFeedback(
  ctx: Tenant,
  conversationId: string,
  messageId: string,
  input: FeedbackInput,
): Promise<SetFeedbackResult> {
  const message = await findMessage(ctx, conversationId, messageId);
  if (!message) return { status: "no_message" };
  if (message.sender !== "agent") return { status: "not_agent" };
  const fields = { rating: input.rating, reason: input.reason ?? null, comment: input.comment || null, runId: message.runId };
  const row = await prisma.messageFeedback.upsert({
    where: {
      organizationId_conversationId_messageId_userId: { organizationId: ctx.organizationId, conversationId, messageId, userId: ctx.userId },
    },
    create: { organizationId: ctx.organizationId, conversationId, messageId, userId: ctx.userId, ...fields },
    update: fields,
  });
  return { status: "set", feedback: toFeedback(row) };
}

/** Takes the person's rating of the message back; false when they had none. */
export async function deleteFeedback(ctx: Tenant, conversationId: string, messageId: string): Promise<boolean> {
  const { count } = await prisma.messageFeedback.deleteMany({
    where: { organizationId: ctx.organizationId, conversationId, messageId, userId: ctx.userId },
  });
  return count > 0;
}

/** The person's own feedback in the conversation, so the chat shows which thumb they pressed. */
export async function listMyFeedback(ctx: Tenant, conversationId: string): Promise<MessageFeedback[]> {
  const rows = await prisma.messageFeedback.findMany({
    where: { organizationId: ctx.organizationId, conversationId, userId: ctx.userId },
    orderBy: { createdAt: "asc" },
  });
  return rows.map(toFeedback);
}

interface EntryRow extends FeedbackRow {
  id: string;
  createdAt: Date;
  conversationId: string;
  conversationTitle: string;
  userId: string;
  userName: string;
  userEmail: string;
  excerpt: string | null;
}

/** Every person's feedback in the organization, newest first, keyset-paginated on (createdAt, id), for admins. */
export async function listFeedback(
  ctx: Pick<TenantContext, "organizationId">,
  options: FeedbackFilters & { cursor?: string | null; limit: number },
): Promise<{ entries: FeedbackEntry[]; nextCursor: string | null }> {
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const conditions = [
    Prisma.sql`f."organizationId" = ${ctx.organizationId}`,
    options.rating && Prisma.sql`f."rating" = ${options.rating}`,
    options.user && Prisma.sql`f."userId" = ${options.user}`,
    options.from && Prisma.sql`f."createdAt" >= ${startOf(options.from)}::timestamp(3)`,
    options.to && Prisma.sql`f."createdAt" < ${endOf(options.to)}::timestamp(3)`,
    after && Prisma.sql`(f."createdAt", f."id") < (${after.at}::timestamp(3), ${after.id})`,
  ].filter((condition): condition is Prisma.Sql => Boolean(condition));
  const rows = await prisma.$queryRaw<EntryRow[]>`
    SELECT f."id", f."createdAt", f."updatedAt", f."conversationId", f."messageId", f."runId", f."rating", f."reason", f."comment",
           c."title" AS "conversationTitle", u."id" AS "userId", u."name" AS "userName", u."email" AS "userEmail",
           (SELECT left(m."text", ${EXCERPT_CHARS}::int)
              FROM "Message" m JOIN "AgentStore" s ON s."id" = m."storeId" AND s."organizationId" = m."organizationId"
              WHERE s."conversationId" = f."conversationId" AND s."namespace" = '' AND m."messageId" = f."messageId"
              LIMIT 1) AS "excerpt"
    FROM "MessageFeedback" f
    JOIN "Conversation" c ON c."id" = f."conversationId" AND c."organizationId" = f."organizationId" AND c."deletedAt" IS NULL
    JOIN "User" u ON u."id" = f."userId"
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY f."createdAt" DESC, f."id" DESC
    LIMIT ${options.limit + 1}`;
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      ...toFeedback(row),
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      conversation: { id: row.conversationId, title: row.conversationTitle },
      person: { id: row.userId, name: row.userName, email: row.userEmail },
      excerpt: row.excerpt ?? "",
    })),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
