import { randomUUID } from "node:crypto";
import {
  createAttachment,
  describeAttachments,
  getAttachment,
  readAttachmentBytes,
  type AttachmentScope,
  type CreateAttachmentResult,
  type StoredBytes,
} from "@/lib/db/attachments";
import type { TenantContext } from "@/lib/db/tenant-context";
import { ORGANIZATION_ATTACHMENT_MAX_BYTES } from "@/lib/schemas/attachment-limits";
import type { AttachmentView } from "@/lib/schemas/attachments";
import { configuredObjectStore } from "./configured-store";
import { storageKeyOf, type ObjectStore } from "./object-store";

type Tenant = Pick<TenantContext, "organizationId" | "userId">;

export interface FileToStore {
  mediaType: string;
  name: string;
  sha256: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export interface StoredAttachment extends AttachmentView {
  bytes: Uint8Array;
}

export type ReadBytes = (ids: string[]) => Promise<Map<string, { mediaType: string; bytes: Uint8Array }>>;

/**
 * Where files live: the Attachment rows always (metadata, the organization's total, who may see
 * them), and the bytes in the row (`ATTACHMENT_STORE=postgres`) or in an S3-compatible bucket
 * (`s3`, under `storageKey`, the row's `bytes` null). With a bucket the object is put before the
 * row is written, so a row never points at a missing object; an object whose row never committed
 * is swept later (sweep.ts). A row read with a key the bucket lacks reads as no file.
 */
export interface BlobStore {
  put(file: FileToStore): Promise<CreateAttachmentResult>;
  get(id: string): Promise<StoredAttachment | null>;
  /** The files' references, in the order asked; ids this scope lacks are left out. */
  describe(ids: string[]): Promise<AttachmentView[]>;
}

async function bytesOf(stored: StoredBytes, objects: ObjectStore | null): Promise<Uint8Array | null> {
  if (stored.bytes) return stored.bytes;
  return stored.storageKey && objects ? objects.get(stored.storageKey) : null;
}

function blobs(ctx: Tenant, scope: AttachmentScope, quotaBytes: number): BlobStore {
  const conversationId = "pending" in scope ? null : scope.conversationId;
  return {
    async put(file) {
      const objects = configuredObjectStore();
      if (!objects) {
        return createAttachment(ctx, conversationId, { ...file, size: file.bytes.byteLength, storageKey: null }, quotaBytes);
      }
      const id = randomUUID();
      const storageKey = storageKeyOf(ctx.organizationId, id);
      await objects.put(storageKey, file.bytes, file.mediaType);
      const row = { ...file, id, size: file.bytes.byteLength, bytes: null, storageKey };
      const result = await createAttachment(ctx, conversationId, row, quotaBytes).catch(async (error: unknown) => {
        // The row's failure is the answer; an object left behind here is swept (sweep.ts).
        await objects.delete([storageKey]).catch(() => undefined);
        throw error;
      });
      if (result.status === "quota_exceeded") await objects.delete([storageKey]);
      return result;
    },
    async get(id) {
      const row = await getAttachment(ctx, scope, id);
      if (!row) return null;
      const bytes = await bytesOf(row, configuredObjectStore());
      return bytes && { id: row.id, media_type: row.media_type, name: row.name, size: row.size, bytes };
    },
    describe: (ids) => describeAttachments(ctx, scope, ids),
  };
}

/** One conversation's files. */
export const conversationBlobs = (ctx: Tenant, conversationId: string, quotaBytes = ORGANIZATION_ATTACHMENT_MAX_BYTES) =>
  blobs(ctx, { conversationId }, quotaBytes);

/** The person's pending files: uploaded on the org home, for the first message of a chat not created yet. */
export const pendingBlobs = (ctx: Tenant, quotaBytes = ORGANIZATION_ATTACHMENT_MAX_BYTES) => blobs(ctx, { pending: true }, quotaBytes);

/** The bytes of these files of the conversation, for a model call (one query, then the bucket's objects). */
export function conversationBytes(organizationId: string, conversationId: string): ReadBytes {
  return async (ids) => {
    const rows = await readAttachmentBytes(organizationId, conversationId, ids);
    const objects = configuredObjectStore();
    const entries = await Promise.all(
      [...rows].map(async ([id, stored]) => {
        const bytes = await bytesOf(stored, objects);
        return bytes ? ([[id, { mediaType: stored.mediaType, bytes }]] as const) : [];
      }),
    );
    return new Map(entries.flat());
  };
}
