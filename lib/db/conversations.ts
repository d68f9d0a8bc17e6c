import { Prisma } from "./generated/client";
import { prisma } from "./client";
import { recordAudit } from "./audit";
import { adoptPendingAttachments, AttachmentsNotPendingError, releaseAdoptedAttachments } from "./attachments";
import { isAdmin, type TenantContext } from "./tenant-context";
import { decodeCursor, encodeCursor, escapeLike } from "./keyset-cursor";
import { purgeConversations, RESTORE_WINDOW_MS } from "./retention";

/** Reading and changing conversations needs only the tenant; creating one also records who. */
type Tenant = Pick<TenantContext, "organizationId">;

export interface ConversationSummary {
  id: string;
  title: string;
  createdById: string | null;
  createdAt: string;
  updatedAt: string;
  lastActivityAt: string;
  /** Never listed or searched; deleted for good when ended or after 24 hours (docs/retention.md). */
  temporary: boolean;
}

export interface ConversationPage {
  conversations: ConversationSummary[];
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

export const CONVERSATION_PAGE_LIMIT = 100;
/** Also the column's default. */
export const DEFAULT_CONVERSATION_TITLE = "New conversation";

/** A member asked to rename or delete a conversation they did not start. */
export class ConversationForbiddenError extends Error {
  constructor(action: "rename" | "delete" | "restore" | "edit messages in") {
    super(`Only the person who started this conversation, or an admin, can ${action} it.`);
    this.name = "ConversationForbiddenError";
  }
}

/**
 * Who may rename or delete a conversation: its creator, and owners and admins. A conversation from
 * before creators were recorded (createdById null) or whose creator was deleted is admins' only.
 */
export const mayManageConversation = (ctx: Pick<TenantContext, "userId" | "role">, createdById: string | null) =>
  isAdmin(ctx) || (createdById !== null && createdById === ctx.userId);

interface ConversationRow {
  id: string;
  title: string;
  createdById: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastActivityAt: Date;
  temporary: boolean;
}

const summary = (row: ConversationRow): ConversationSummary => ({
  id: row.id,
  title: row.title,
  createdById: row.createdById,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastActivityAt: row.lastActivityAt.toISOString(),
  temporary: row.temporary,
});

const select = {
  id: true,
  title: true,
  createdById: true,
  createdAt: true,
  updatedAt: true,
  lastActivityAt: true,
  temporary: true,
} as const;

const titleOrDefault = (title: string | undefined) => title?.trim() || DEFAULT_CONVERSATION_TITLE;

/**
 * `userId` null: started by no person (an API key of /api/v1 is not a user; createdById references User).
 * `attachmentIds`: the person's pending files (uploaded on the org home), adopted in the same
 * transaction; when any is not theirs to adopt, nothing is created (AttachmentsNotPendingError).
 */
export async function createConversation(
  ctx: Pick<TenantContext, "organizationId"> & { userId: string | null },
  input: { title?: string; temporary?: boolean; attachmentIds?: string[] } = {},
): Promise<ConversationSummary> {
  return prisma.$transaction(async (tx) => {
    // With its agent's store, so the first message only reads it (PostgresStore.open).
    const row = await tx.conversation.create({
      data: {
        organizationId: ctx.organizationId,
        createdById: ctx.userId,
        title: titleOrDefault(input.title),
        temporary: input.temporary ?? false,
        stores: { create: { namespace: "" } },
      },
      select,
    });
    if (input.attachmentIds?.length) {
      const missing = ctx.userId
        ? await adoptPendingAttachments(tx, { ...ctx, userId: ctx.userId }, row.id, input.attachmentIds)
        : input.attachmentIds;
      if (missing.length > 0) throw new AttachmentsNotPendingError(missing);
    }
    return summary(row);
  });
}

/** Null when the conversation does not exist in this tenant (also when it exists in another, or was deleted). */
export async function getConversation(ctx: Tenant, conversationId: string): Promise<ConversationSummary | null> {
  const row = await prisma.conversation.findFirst({
    where: { id: conversationId, organizationId: ctx.organizationId, deletedAt: null },
    select,
  });
  return row ? summary(row) : null;
}

/** Whether the conversation `c` holds any message (in any of its stores). */
const hasMessages = Prisma.sql`EXISTS (SELECT 1 FROM "AgentStore" s JOIN "Message" m ON m."storeId" = s."id" WHERE s."conversationId" = c."id")`;

/**
 * Most recent activity first, keyset-paginated on (lastActivityAt, id), so pages stay stable
 * while conversations are added. `query` matches titles case-insensitively, literally (% and _ too).
 * Deleted and temporary conversations are not listed. `hideEmptyBefore`: conversations without a
 * message created before it are left out (the sidebar's list: an empty conversation is one nobody
 * wrote in; a new one stays while its first message is on its way).
 */
export async function listConversations(
  ctx: Tenant,
  options: { query?: string; cursor?: string | null; limit?: number; hideEmptyBefore?: Date } = {},
): Promise<ConversationPage> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 30), 1), CONVERSATION_PAGE_LIMIT);
  const query = options.query?.trim();
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await prisma.$queryRaw<ConversationRow[]>`
    SELECT "id", "title", "createdById", "createdAt", "updatedAt", "lastActivityAt", "temporary"
    FROM "Conversation" c
    WHERE "organizationId" = ${ctx.organizationId} AND "deletedAt" IS NULL AND NOT "temporary"
      ${options.hideEmptyBefore ? Prisma.sql`AND (c."createdAt" >= ${options.hideEmptyBefore}::timestamp(3) OR ${hasMessages})` : Prisma.empty}
      ${query ? Prisma.sql`AND "title" ILIKE ${`%${escapeLike(query)}%`} ESCAPE '\\'` : Prisma.empty}
      ${after ? Prisma.sql`AND ("lastActivityAt", "id") < (${after.at}::timestamp(3), ${after.id})` : Prisma.empty}
    ORDER BY "lastActivityAt" DESC, "id" DESC
    LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { conversations: page.map(summary), nextCursor: rows.length > limit && last ? encodeCursor(last.lastActivityAt, last.id) : null };
}

type Actor = Pick<TenantContext, "organizationId" | "userId" | "role">;

/** Locks the row, so the creator check and the change see the same conversation. A deleted one is not found. */
async function lockForChange(tx: Prisma.TransactionClient, ctx: Actor, conversationId: string, action: "rename" | "delete") {
  const [row] = await tx.$queryRaw<{ title: string; createdById: string | null; temporary: boolean }[]>`
    SELECT "title", "createdById", "temporary" FROM "Conversation"
    WHERE "id" = ${conversationId} AND "organizationId" = ${ctx.organizationId} AND "deletedAt" IS NULL
    FOR UPDATE`;
  if (row && !mayManageConversation(ctx, row.createdById)) throw new ConversationForbiddenError(action);
  return row ?? null;
}

/**
 * The updated conversation, or null when it is not in this tenant. A blank title is the default one.
 * Only its creator or an admin may (ConversationForbiddenError); a rename by anyone else than the
 * creator is audited in the same transaction.
 */
export async function renameConversation(
  ctx: Actor,
  conversationId: string,
  title: string,
  ip?: string | null,
): Promise<ConversationSummary | null> {
  return prisma.$transaction(async (tx) => {
    const before = await lockForChange(tx, ctx, conversationId, "rename");
    if (!before) return null;
    const row = await tx.conversation.update({
      where: { organizationId_id: { organizationId: ctx.organizationId, id: conversationId } },
      data: { title: titleOrDefault(title) },
      select,
    });
    if (before.createdById !== ctx.userId) {
      await recordAudit(
        {
          organizationId: ctx.organizationId,
          actorId: ctx.userId,
          action: "conversation.renamed",
          target: conversationId,
          metadata: { from: before.title, to: row.title, createdById: before.createdById },
          ip,
        },
        tx,
      );
    }
    return summary(row);
  });
}

/**
 * Deletes the conversation: a soft delete (`deletedAt`), restorable for RESTORE_WINDOW_MS and then
 * purged for good (lib/db/retention.ts); a temporary conversation is purged at once (it has no undo).
 * Audited (with its title) in the same transaction. False when not in this tenant (or deleted
 * already); only its creator or an admin may.
 */
export async function deleteConversation(ctx: Actor, conversationId: string, ip?: string | null, now = new Date()): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const before = await lockForChange(tx, ctx, conversationId, "delete");
    if (!before) return false;
    if (before.temporary) await purgeConversations(tx, ctx.organizationId, [conversationId]);
    else
      await tx.conversation.update({
        where: { organizationId_id: { organizationId: ctx.organizationId, id: conversationId } },
        data: { deletedAt: now },
      });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "conversation.deleted",
        target: conversationId,
        metadata: { title: before.title, createdById: before.createdById, temporary: before.temporary },
        ip,
      },
      tx,
    );
    return true;
  });
}

/**
 * Undoes a delete within RESTORE_WINDOW_MS: the conversation is back where it was. Null when there
 * is no deleted conversation of this tenant to restore (never deleted, past the window, purged);
 * the same people as for deleting may (ConversationForbiddenError). Audited.
 */
export async function restoreConversation(
  ctx: Actor,
  conversationId: string,
  ip?: string | null,
  now = new Date(),
): Promise<ConversationSummary | null> {
  return prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ title: string; createdById: string | null }[]>`
      SELECT "title", "createdById" FROM "Conversation"
      WHERE "id" = ${conversationId} AND "organizationId" = ${ctx.organizationId}
        AND "deletedAt" > ${new Date(now.getTime() - RESTORE_WINDOW_MS)}::timestamp(3)
      FOR UPDATE`;
    if (!row) return null;
    if (!mayManageConversation(ctx, row.createdById)) throw new ConversationForbiddenError("restore");
    const restored = await tx.conversation.update({
      where: { organizationId_id: { organizationId: ctx.organizationId, id: conversationId } },
      data: { deletedAt: null },
      select,
    });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "conversation.restored",
        target: conversationId,
        metadata: { title: row.title },
        ip,
      },
      tx,
    );
    return summary(restored);
  });
}

/** Who started the conversation (null: not recorded); null when it is not in this tenant. */
export async function conversationCreator(ctx: Tenant, conversationId: string): Promise<{ createdById: string | null } | null> {
  return prisma.conversation.findFirst({
    where: { id: conversationId, organizationId: ctx.organizationId, deletedAt: null },
    select: { createdById: true },
  });
}

/**
 * Removes a conversation that was created with its first message when that message was refused
 * (rate limit, model URL, attachment): nobody saw it, so it is not audited. Only while it holds no
 * message, so a conversation something was written to is never removed here.
 */
export async function discardEmptyConversation(
  ctx: Pick<TenantContext, "organizationId" | "userId">,
  conversationId: string,
): Promise<void> {
  await prisma
    .$transaction(async (tx) => {
      // Its files go back to pending first (the delete's cascade would take them): the person may send them again.
      await releaseAdoptedAttachments(tx, ctx, conversationId);
      const deleted = await tx.$executeRaw`
        DELETE FROM "Conversation" c
        WHERE c."id" = ${conversationId} AND c."organizationId" = ${ctx.organizationId} AND NOT ${hasMessages}`;
      if (deleted === 0) throw KEPT;
    })
    .catch((error: unknown) => {
      if (error !== KEPT) throw error;
    });
}

/** Rolls the release back when the conversation holds a message after all (it is kept, with its files). */
const KEPT = new Error("conversation kept");
