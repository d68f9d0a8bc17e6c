import type { AttachmentView } from "@/lib/schemas/attachments";
import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";

/**
 * Attachment rows: a file's bytes and what was detected from them, in one conversation of one
 * organization. Every read filters by both, so another tenant's id (or another conversation's)
 * reads as nothing. The Postgres BlobStore (lib/server/attachments/blob-store.ts) is built on these.
 */

type Tenant = Pick<TenantContext, "organizationId" | "userId">;

export interface NewAttachment {
  mediaType: string;
  name: string;
  sha256: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export interface StoredAttachment extends AttachmentView {
  bytes: Uint8Array;
}

export type CreateAttachmentResult = { status: "created"; attachment: AttachmentView } | { status: "quota_exceeded"; used: number };

const VIEW = { id: true, mediaType: true, name: true, size: true } as const;
const toView = (row: { id: string; mediaType: string; name: string; size: number }): AttachmentView => ({
  id: row.id,
  media_type: row.mediaType,
  name: row.name,
  size: row.size,
});

/**
 * Stores a file unless the organization's attachments would then hold more than `quotaBytes`. The
 * organization's row is locked for the check, so two uploads at once cannot both squeeze under it.
 */
export async function createAttachment(
  ctx: Tenant,
  conversationId: string,
  file: NewAttachment,
  quotaBytes: number,
): Promise<CreateAttachmentResult> {
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${ctx.organizationId} FOR UPDATE`;
    const { _sum } = await tx.attachment.aggregate({ where: { organizationId: ctx.organizationId }, _sum: { size: true } });
    const used = _sum.size ?? 0;
    if (used + file.bytes.byteLength > quotaBytes) return { status: "quota_exceeded", used };
    const row = await tx.attachment.create({
      data: {
        organizationId: ctx.organizationId,
        conversationId,
        uploadedById: ctx.userId,
        mediaType: file.mediaType,
        size: file.bytes.byteLength,
        sha256: file.sha256,
        name: file.name,
        bytes: file.bytes,
      },
      select: VIEW,
    });
    return { status: "created", attachment: toView(row) };
  });
}

/** One file of the conversation, with its bytes; null for an unknown id, another conversation's or another organization's. */
export async function getAttachment(ctx: Tenant, conversationId: string, id: string): Promise<StoredAttachment | null> {
  const row = await prisma.attachment.findFirst({
    where: { id, conversationId, organizationId: ctx.organizationId },
    select: { ...VIEW, bytes: true },
  });
  return row && { ...toView(row), bytes: row.bytes };
}

/** What a message carries of these files of the conversation (no bytes), in the order asked; unknown ids are left out. */
export async function describeAttachments(ctx: Tenant, conversationId: string, ids: string[]): Promise<AttachmentView[]> {
  if (ids.length === 0) return [];
  const rows = await prisma.attachment.findMany({
    where: { id: { in: ids }, conversationId, organizationId: ctx.organizationId },
    select: VIEW,
  });
  const byId = new Map(rows.map((row) => [row.id, toView(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The bytes of these files of the conversation, for a model call, by id. */
export async function readAttachmentBytes(
  organizationId: string,
  conversationId: string,
  ids: string[],
): Promise<Map<string, { mediaType: string; bytes: Uint8Array }>> {
  if (ids.length === 0) return new Map();
  const rows = await prisma.attachment.findMany({
    where: { id: { in: ids }, conversationId, organizationId },
    select: { id: true, mediaType: true, bytes: true },
  });
  return new Map(rows.map((row) => [row.id, { mediaType: row.mediaType, bytes: row.bytes }]));
}
