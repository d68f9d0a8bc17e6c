import type { AttachmentView } from "@/lib/schemas/attachments";
import type { Prisma } from "./generated/client";
import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";

/**
 * Attachment rows: what was detected from a file's bytes, and the bytes (in `bytes`, or in a bucket
 * under `storageKey`), in one conversation of one organization, or pending (no conversation yet:
 * uploaded on the org home, seen only by its uploader until the first message adopts it). Every read
 * filters by the organization and by the conversation or the uploader, so another tenant's id (or
 * another conversation's, or another person's pending file) reads as nothing. The BlobStore
 * (lib/server/attachments/blob-store.ts) is built on these.
 */

type Tenant = Pick<TenantContext, "organizationId" | "userId">;
type Tx = Prisma.TransactionClient;

/** Whose files: a conversation's, or the person's pending ones (`conversationId` null). */
export type AttachmentScope = { conversationId: string } | { pending: true };

export interface NewAttachment {
  /** Chosen before the row exists when the bytes go to a bucket first (its key names the id). */
  id?: string;
  mediaType: string;
  name: string;
  sha256: string;
  size: number;
  /** The bytes in the row, or null when they are in the bucket under `storageKey`. */
  bytes: Uint8Array<ArrayBuffer> | null;
  storageKey: string | null;
}

/** A row's bytes or where they are: exactly one of the two is set. */
export interface StoredBytes {
  mediaType: string;
  bytes: Uint8Array | null;
  storageKey: string | null;
}

export type StoredAttachmentRow = AttachmentView & StoredBytes;

export type CreateAttachmentResult = { status: "created"; attachment: AttachmentView } | { status: "quota_exceeded"; used: number };

const VIEW = { id: true, mediaType: true, name: true, size: true } as const;
const toView = (row: { id: string; mediaType: string; name: string; size: number }): AttachmentView => ({
  id: row.id,
  media_type: row.mediaType,
  name: row.name,
  size: row.size,
});

const scoped = (ctx: Tenant, scope: AttachmentScope): Prisma.AttachmentWhereInput =>
  "pending" in scope
    ? { organizationId: ctx.organizationId, conversationId: null, uploadedById: ctx.userId }
    : { organizationId: ctx.organizationId, conversationId: scope.conversationId };

/**
 * Stores a file unless the organization's attachments (pending ones too) would then hold more than
 * `quotaBytes`. The organization's row is locked for the check, so two uploads at once cannot both
 * squeeze under it. A bucket's bytes are put before this is called (blob-store.ts), so a row never
 * points at an object that is not there.
 */
export async function createAttachment(
  ctx: Tenant,
  conversationId: string | null,
  file: NewAttachment,
  quotaBytes: number,
): Promise<CreateAttachmentResult> {
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${ctx.organizationId} FOR UPDATE`;
    const { _sum } = await tx.attachment.aggregate({ where: { organizationId: ctx.organizationId }, _sum: { size: true } });
    const used = _sum.size ?? 0;
    if (used + file.size > quotaBytes) return { status: "quota_exceeded", used };
    const row = await tx.attachment.create({
      data: {
        ...(file.id && { id: file.id }),
        organizationId: ctx.organizationId,
        conversationId,
        uploadedById: ctx.userId,
        mediaType: file.mediaType,
        size: file.size,
        sha256: file.sha256,
        name: file.name,
        bytes: file.bytes,
        storageKey: file.storageKey,
      },
      select: VIEW,
    });
    return { status: "created", attachment: toView(row) };
  });
}

/** One file of the scope, with its bytes or their key; null for an unknown id, another scope's or another organization's. */
export async function getAttachment(ctx: Tenant, scope: AttachmentScope, id: string): Promise<StoredAttachmentRow | null> {
  const row = await prisma.attachment.findFirst({
    where: { id, ...scoped(ctx, scope) },
    select: { ...VIEW, bytes: true, storageKey: true },
  });
  return row && { ...toView(row), mediaType: row.mediaType, bytes: row.bytes, storageKey: row.storageKey };
}

/** What a message carries of these files of the scope (no bytes), in the order asked; unknown ids are left out. */
export async function describeAttachments(ctx: Tenant, scope: AttachmentScope, ids: string[]): Promise<AttachmentView[]> {
  if (ids.length === 0) return [];
  const rows = await prisma.attachment.findMany({ where: { id: { in: ids }, ...scoped(ctx, scope) }, select: VIEW });
  const byId = new Map(rows.map((row) => [row.id, toView(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The bytes (or their keys) of these files of the conversation, for a model call, by id. */
export async function readAttachmentBytes(
  organizationId: string,
  conversationId: string,
  ids: string[],
): Promise<Map<string, StoredBytes>> {
  if (ids.length === 0) return new Map();
  const rows = await prisma.attachment.findMany({
    where: { id: { in: ids }, conversationId, organizationId },
    select: { id: true, mediaType: true, bytes: true, storageKey: true },
  });
  return new Map(rows.map((row) => [row.id, { mediaType: row.mediaType, bytes: row.bytes, storageKey: row.storageKey }]));
}

/** Deletes the person's own pending file; its storage key (null in Postgres) when it was there, false when not. */
export async function deletePendingAttachment(ctx: Tenant, id: string): Promise<{ storageKey: string | null } | false> {
  const rows = await prisma.$queryRaw<{ storageKey: string | null }[]>`
    DELETE FROM "Attachment"
    WHERE "id" = ${id} AND "organizationId" = ${ctx.organizationId} AND "uploadedById" = ${ctx.userId} AND "conversationId" IS NULL
    RETURNING "storageKey"`;
  return rows[0] ?? false;
}

/** Some of a first message's `attachment_ids` were not the person's pending files: nothing was created. */
export class AttachmentsNotPendingError extends Error {
  override name = "AttachmentsNotPendingError";
  constructor(readonly ids: string[]) {
    super(`Attachments not pending for this person: ${ids.join(", ")}`);
  }
}

/**
 * In the transaction that creates the conversation: the person's pending files `ids` become the
 * conversation's. Returns the ids that were not theirs to adopt (unknown, someone else's, another
 * organization's, already adopted); the caller rolls back when any are. A file two requests adopt
 * at once goes to one: the second's update waits on the row and then no longer matches it.
 */
export async function adoptPendingAttachments(tx: Tx, ctx: Tenant, conversationId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const adopted = await tx.$queryRaw<{ id: string }[]>`
    UPDATE "Attachment" SET "conversationId" = ${conversationId}
    WHERE "id" = ANY(${ids}) AND "organizationId" = ${ctx.organizationId} AND "uploadedById" = ${ctx.userId} AND "conversationId" IS NULL
    RETURNING "id"`;
  const found = new Set(adopted.map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}

/**
 * Before a refused first message's conversation is removed: its files are pending again (the
 * conversation's cascade would delete them), so the person can send them once more.
 */
export async function releaseAdoptedAttachments(tx: Tx, ctx: Tenant, conversationId: string): Promise<void> {
  await tx.attachment.updateMany({
    where: { organizationId: ctx.organizationId, conversationId, uploadedById: ctx.userId },
    // Pending again from now: a file uploaded a day ago must not be purged minutes after its message was refused.
    data: { conversationId: null, createdAt: new Date() },
  });
}

/** How long a pending file waits for the message that adopts it before the purge deletes it. */
export const PENDING_ATTACHMENT_LIFETIME_MS = 24 * 60 * 60_000;

/** Deletes pending files older than the lifetime: how many, and their storage keys (for the bucket). */
export async function purgeStalePendingAttachments(tx: Tx, now: Date): Promise<{ count: number; storageKeys: string[] }> {
  const before = new Date(now.getTime() - PENDING_ATTACHMENT_LIFETIME_MS);
  const rows = await tx.$queryRaw<{ storageKey: string | null }[]>`
    DELETE FROM "Attachment" WHERE "conversationId" IS NULL AND "createdAt" < ${before}::timestamp(3)
    RETURNING "storageKey"`;
  return { count: rows.length, storageKeys: rows.flatMap((row) => (row.storageKey ? [row.storageKey] : [])) };
}

/** Which of these storage keys still have their row (the bucket sweep keeps those). */
export async function existingStorageKeys(keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await prisma.attachment.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } });
  return new Set(rows.flatMap((row) => (row.storageKey ? [row.storageKey] : [])));
}
