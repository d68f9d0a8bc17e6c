import {
  createAttachment,
  describeAttachments,
  getAttachment,
  readAttachmentBytes,
  type CreateAttachmentResult,
  type NewAttachment,
  type StoredAttachment,
} from "@/lib/db/attachments";
import type { TenantContext } from "@/lib/db/tenant-context";
import { ORGANIZATION_ATTACHMENT_MAX_BYTES } from "@/lib/schemas/attachment-limits";
import type { AttachmentView } from "@/lib/schemas/attachments";

/**
 * Where one conversation's files live. Today: the Attachment table (bytes in Postgres, with the
 * organization's total checked as a file is stored). This interface is the seam for an
 * S3-compatible store: it would keep the same rows without `bytes` and put them in a bucket.
 */
export interface BlobStore {
  put(file: NewAttachment): Promise<CreateAttachmentResult>;
  get(id: string): Promise<StoredAttachment | null>;
  /** The files' references, in the order asked; ids this conversation lacks are left out. */
  describe(ids: string[]): Promise<AttachmentView[]>;
  readBytes(ids: string[]): Promise<Map<string, { mediaType: string; bytes: Uint8Array }>>;
}

export function conversationBlobs(
  ctx: Pick<TenantContext, "organizationId" | "userId">,
  conversationId: string,
  quotaBytes = ORGANIZATION_ATTACHMENT_MAX_BYTES,
): BlobStore {
  return {
    put: (file) => createAttachment(ctx, conversationId, file, quotaBytes),
    get: (id) => getAttachment(ctx, conversationId, id),
    describe: (ids) => describeAttachments(ctx, conversationId, ids),
    readBytes: (ids) => readAttachmentBytes(ctx.organizationId, conversationId, ids),
  };
}
