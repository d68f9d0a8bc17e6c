import { createHash } from "node:crypto";
import type { TenantContext } from "@/lib/db/tenant-context";
import {
  ATTACHMENT_KIND_WORDS,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_UPLOAD_MAX_BYTES,
  ORGANIZATION_ATTACHMENT_MAX_BYTES,
  attachmentKind,
  formatBytes,
} from "@/lib/schemas/attachment-limits";
import type { AttachmentView } from "@/lib/schemas/attachments";
import { AppError } from "@/lib/server/http/app-error";
import { conversationBlobs, pendingBlobs } from "./blob-store";
import { sanitizeFileName } from "./file-name";
import { readUpload } from "./read-upload";
import { sniff } from "./sniff";

const SUPPORTED = "Attach a PNG, JPEG, GIF or WebP image, a PDF, or a UTF-8 text or Markdown file.";

/**
 * One file into the conversation, or pending (`conversationId` null: for the first message of a
 * chat not created yet): the body is its bytes, `name` what to call it. The type comes from the
 * bytes (sniff.ts); the limit is the detected kind's; the organization's total is checked as the
 * row is written.
 */
export async function uploadAttachment(
  ctx: Pick<TenantContext, "organizationId" | "userId">,
  conversationId: string | null,
  request: Request,
  rawName: string | undefined,
  quotaBytes = ORGANIZATION_ATTACHMENT_MAX_BYTES,
): Promise<AttachmentView> {
  const name = sanitizeFileName(rawName);
  const bytes = await readUpload(request, ATTACHMENT_UPLOAD_MAX_BYTES);
  if (bytes.byteLength === 0) throw new AppError(422, "empty_file", `${name} is empty. Attach a file with something in it.`);
  const sniffed = sniff(bytes, name);
  if (!sniffed.ok) {
    throw sniffed.reason === "executable"
      ? new AppError(
          422,
          "executable_file",
          `${name} is ${sniffed.what}, not a document or a picture, whatever its name says. ${SUPPORTED}`,
        )
      : new AppError(422, "unsupported_file_type", `${name} is not a file type the agent can read. ${SUPPORTED}`);
  }
  const kind = attachmentKind(sniffed.mediaType);
  const max = ATTACHMENT_MAX_BYTES[kind];
  if (bytes.byteLength > max) {
    throw new AppError(
      413,
      "file_too_large",
      `${ATTACHMENT_KIND_WORDS[kind]} may be at most ${formatBytes(max)}; ${name} is ${formatBytes(bytes.byteLength)}. Attach a smaller file.`,
      { max_bytes: max },
    );
  }
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const store = conversationId ? conversationBlobs(ctx, conversationId, quotaBytes) : pendingBlobs(ctx, quotaBytes);
  const result = await store.put({ mediaType: sniffed.mediaType, name, sha256, bytes });
  if (result.status === "quota_exceeded") {
    throw new AppError(
      413,
      "attachment_quota_exceeded",
      `Your organization's files already take ${formatBytes(result.used)} of ${formatBytes(quotaBytes)}, so ${name} does not fit. Delete conversations with files you no longer need, then attach it again.`,
      { used_bytes: result.used, quota_bytes: quotaBytes },
    );
  }
  return result.attachment;
}
