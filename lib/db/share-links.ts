import type { Message } from "@/lib/agent/messages";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import type { ShareAudience, ShareMode } from "@/lib/schemas/shares";
import { prisma, type Message as MessageRow } from "./client";
import { activePathCte, MESSAGE_COLUMNS } from "./store/message-path";
import { writeHistory } from "./store/write-history";
import { recordAudit } from "./audit";
import { rowToMessage, rowToSlot } from "./store/records";
import { isAdmin, type TenantContext } from "./tenant-context";
import { mayManageConversation } from "./conversations";
import { claimTenantKey, organizationOfKey } from "./tenant-keys";

/** What a link may show: a kept conversation (a deleted one waiting for the purge opens nothing, even within its undo window). */
const SHAREABLE = { deletedAt: null, temporary: false } as const;

/** A share link as stored, with the names the list shows (never e-mail addresses). */
export interface ShareLinkRow {
  id: string;
  organizationId: string;
  conversationId: string;
  tokenPrefix: string;
  audience: ShareAudience;
  peopleIds: string[];
  mode: ShareMode;
  snapshotSeq: bigint | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdById: string;
  createdAt: Date;
  lastViewedAt: Date | null;
}

export interface ListedShareLink extends ShareLinkRow {
  createdByName: string;
  people: { userId: string; name: string }[];
}

/** Someone picked for the audience "people" who is not a member of the organization. */
/** A public link reaches outside the organization: only the conversation's creator or an admin may make one. */
export class SharePublicForbiddenError extends Error {
  constructor() {
    super("Only the conversation's creator or an admin can make a public link. Share it with the organization or with people instead.");
    this.name = "SharePublicForbiddenError";
  }
}

export class ShareNotMemberError extends Error {
  constructor(readonly userIds: string[]) {
    super("Share only with members of this organization. Pick people from the list of members.");
    this.name = "ShareNotMemberError";
  }
}

const asRow = (row: {
  id: string;
  organizationId: string;
  conversationId: string;
  tokenPrefix: string;
  audience: string;
  peopleIds: string[];
  mode: string;
  snapshotSeq: bigint | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdById: string;
  createdAt: Date;
  lastViewedAt: Date | null;
}): ShareLinkRow => ({ ...row, audience: row.audience as ShareAudience, mode: row.mode as ShareMode });

/**
 * A new link on a conversation of the tenant, its token claimed (TenantKey) and audited in the same transaction; null when the
 * conversation is not the tenant's. A snapshot pins the conversation's last message: later ones never show.
 */
export async function createShareLink(
  ctx: Pick<TenantContext, "organizationId" | "userId" | "role">,
  conversationId: string,
  input: { tokenHash: string; tokenPrefix: string; audience: ShareAudience; mode: ShareMode; peopleIds: string[]; expiresAt: Date | null },
  ip?: string | null,
): Promise<ShareLinkRow | null> {
  return prisma.$transaction(async (tx) => {
    // Kept conversations only: a temporary one is never kept, a deleted one is on its way out.
    const conversation = await tx.conversation.findFirst({
      where: { id: conversationId, organizationId: ctx.organizationId, ...SHAREABLE },
      select: { id: true, createdById: true },
    });
    if (!conversation) return null;
    if (input.audience === "public" && !mayManageConversation(ctx, conversation.createdById)) throw new SharePublicForbiddenError();
    const peopleIds = [...new Set(input.peopleIds)];
    if (peopleIds.length > 0) {
      const members = await tx.membership.findMany({
        where: { organizationId: ctx.organizationId, userId: { in: peopleIds } },
        select: { userId: true },
      });
      const known = new Set(members.map((member) => member.userId));
      const strangers = peopleIds.filter((id) => !known.has(id));
      if (strangers.length > 0) throw new ShareNotMemberError(strangers);
    }
    // A snapshot pins the shown version's last message (the leaf): later messages and later switches never show.
    const store =
      input.mode === "snapshot"
        ? await tx.agentStore.findFirst({
            where: { organizationId: ctx.organizationId, conversationId, namespace: "" },
            select: { leafSeq: true },
          })
        : null;
    const row = await tx.shareLink.create({
      data: {
        organizationId: ctx.organizationId,
        conversationId,
        tokenHash: input.tokenHash,
        tokenPrefix: input.tokenPrefix,
        audience: input.audience,
        peopleIds,
        mode: input.mode,
        snapshotSeq: input.mode === "snapshot" ? (store?.leafSeq ?? 0n) : null,
        expiresAt: input.expiresAt,
        createdById: ctx.userId,
      },
    });
    await claimTenantKey(tx, "share_link", row.tokenHash, ctx.organizationId);
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "share.created",
        target: conversationId,
        metadata: {
          shareId: row.id,
          audience: row.audience,
          mode: row.mode,
          people: peopleIds,
          expiresAt: row.expiresAt?.toISOString() ?? null,
        },
        ip,
      },
      tx,
    );
    return asRow(row);
  });
}

/** The conversation's links, newest first, with the creator's and the people's names. */
export async function listShareLinks(ctx: Pick<TenantContext, "organizationId">, conversationId: string): Promise<ListedShareLink[]> {
  const rows = await prisma.shareLink.findMany({
    where: { organizationId: ctx.organizationId, conversationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { createdBy: { select: { name: true } } },
  });
  const peopleIds = [...new Set(rows.flatMap((row) => row.peopleIds))];
  const people =
    peopleIds.length === 0 ? [] : await prisma.user.findMany({ where: { id: { in: peopleIds } }, select: { id: true, name: true } });
  const names = new Map(people.map((person) => [person.id, person.name]));
  return rows.map(({ createdBy, ...row }) => ({
    ...asRow(row),
    createdByName: createdBy.name,
    people: row.peopleIds.map((userId) => ({ userId, name: names.get(userId) ?? "Someone who left" })),
  }));
}

export const mayRevokeShare = (ctx: Pick<TenantContext, "userId" | "role">, createdById: string) =>
  isAdmin(ctx) || ctx.userId === createdById;

export type RevokeResult = { status: "not_found" } | { status: "forbidden" } | { status: "revoked"; share: ShareLinkRow };

/**
 * Revokes a link of the conversation: its creator or an admin. Revoking a revoked link changes
 * nothing (same end state, no second audit entry); the row is locked so the check and the change agree.
 */
export async function revokeShareLink(
  ctx: Pick<TenantContext, "organizationId" | "userId" | "role">,
  conversationId: string,
  shareId: string,
  ip?: string | null,
): Promise<RevokeResult> {
  return prisma.$transaction(async (tx) => {
    const [found] = await tx.$queryRaw<{ id: string; createdById: string; revokedAt: Date | null }[]>`
      SELECT "id", "createdById", "revokedAt" FROM "ShareLink"
      WHERE "id" = ${shareId} AND "conversationId" = ${conversationId} AND "organizationId" = ${ctx.organizationId}
      FOR UPDATE`;
    if (!found) return { status: "not_found" };
    if (!mayRevokeShare(ctx, found.createdById)) return { status: "forbidden" };
    if (found.revokedAt)
      return {
        status: "revoked",
        share: asRow(
          await tx.shareLink.findUniqueOrThrow({ where: { organizationId_id: { organizationId: ctx.organizationId, id: shareId } } }),
        ),
      };
    const row = await tx.shareLink.update({
      where: { organizationId_id: { organizationId: ctx.organizationId, id: shareId } },
      data: { revokedAt: new Date() },
    });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "share.revoked",
        target: conversationId,
        metadata: { shareId, createdById: found.createdById },
        ip,
      },
      tx,
    );
    return { status: "revoked", share: asRow(row) };
  });
}

/**
 * The link a token opens (in the organization its TenantKey names) with its conversation's title; null for
 * an unknown, revoked or expired one alike, and for a link gone with its conversation (a dangling key).
 */
export async function findOpenShareLink(tokenHash: string, now = new Date()): Promise<(ShareLinkRow & { title: string }) | null> {
  const organizationId = await organizationOfKey("share_link", tokenHash);
  if (!organizationId) return null;
  const row = await prisma.shareLink.findFirst({
    where: { organizationId, tokenHash, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }], conversation: SHAREABLE },
    include: { conversation: { select: { title: true } } },
  });
  if (!row) return null;
  const { conversation, ...rest } = row;
  return { ...asRow(rest), title: conversation.title };
}

/** Whether the user is a member of the organization (a link's audience is re-checked on every view). */
export async function isMemberOf(userId: string, organizationId: string): Promise<boolean> {
  return (await prisma.membership.count({ where: { userId, organizationId } })) > 0;
}

/** Records a view, at most once a minute per link (a busy public link writes nothing more). */
export async function touchShareLink(share: { organizationId: string; id: string }, now = new Date()): Promise<void> {
  const aMinuteAgo = new Date(now.getTime() - 60_000);
  await prisma.shareLink.updateMany({
    where: { organizationId: share.organizationId, id: share.id, OR: [{ lastViewedAt: null }, { lastViewedAt: { lt: aMinuteAgo } }] },
    data: { lastViewedAt: now },
  });
}

/** The most messages a shared view carries (the newest); a longer conversation says so. */
export const SHARED_MESSAGE_LIMIT = 500;

/** The main agent's messages up to `upToSeq` (null: all), oldest first, and the cards of their tool calls. */
export async function readSharedConversation(
  share: Pick<ShareLinkRow, "organizationId" | "conversationId" | "snapshotSeq">,
): Promise<{ messages: Message[]; slots: SlotRecord[]; truncated: boolean }> {
  return prisma.$transaction(
    async (tx) => {
      const store = await tx.agentStore.findFirst({
        where: { conversationId: share.conversationId, organizationId: share.organizationId, namespace: "" },
        select: { id: true },
      });
      if (!store) return { messages: [], slots: [], truncated: false };
      const own = { storeId: store.id, organizationId: share.organizationId };
      // The path the agent read (live) or the one pinned when the link was made (snapshot), never other versions.
      const rows = await tx.$queryRaw<MessageRow[]>`
        WITH RECURSIVE ${activePathCte(own, share.snapshotSeq ?? undefined)}
        SELECT ${MESSAGE_COLUMNS} FROM "Message" m JOIN path p ON p."seq" = m."seq"
        ORDER BY m."seq" DESC
        LIMIT ${SHARED_MESSAGE_LIMIT + 1}`;
      const messages = rows.slice(0, SHARED_MESSAGE_LIMIT).reverse().map(rowToMessage);
      const callIds = messages.flatMap((message) => message.tool_calls ?? []).map((call) => call.id);
      const slots =
        callIds.length === 0 ? [] : await tx.slot.findMany({ where: { ...own, callId: { in: callIds } }, orderBy: { seq: "asc" } });
      return { messages, slots: slots.map(rowToSlot), truncated: rows.length > SHARED_MESSAGE_LIMIT };
    },
    { isolationLevel: "RepeatableRead" },
  );
}

/**
 * A new conversation in the copier's organization holding `messages` (plain text, no tool calls:
 * nothing of the original can run again), with its agent's store, in one transaction; audited
 * in the copier's organization (the title and the count, nothing of the sharing organization).
 */
export async function createConversationCopy(
  ctx: Pick<TenantContext, "organizationId" | "userId">,
  input: { title: string; messages: Pick<Message, "sender" | "text">[] },
  ip?: string | null,
): Promise<{ conversationId: string }> {
  return prisma.$transaction(async (tx) => {
    const conversation = await tx.conversation.create({
      data: { organizationId: ctx.organizationId, createdById: ctx.userId, title: input.title, stores: { create: { namespace: "" } } },
      select: { id: true, stores: { select: { id: true } } },
    });
    const now = Date.now();
    await writeHistory(
      tx,
      { storeId: conversation.stores[0].id, organizationId: ctx.organizationId },
      input.messages.map((message, index) => ({
        id: crypto.randomUUID(),
        sender: message.sender,
        text: message.text,
        // One millisecond apart, so their order survives a sort by time.
        created_at: new Date(now + index).toISOString(),
      })),
    );
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "share.copied",
        target: conversation.id,
        metadata: { title: input.title, messages: input.messages.length },
        ip,
      },
      tx,
    );
    return { conversationId: conversation.id };
  });
}
