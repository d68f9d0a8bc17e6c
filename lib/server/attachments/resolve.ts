import type { AttachmentRef } from "@/lib/agent/messages";
import type { TenantContext } from "@/lib/db/tenant-context";
import { attachmentKind } from "@/lib/schemas/attachment-limits";
import { AppError } from "@/lib/server/http/app-error";
import { conversationBlobs } from "./blob-store";

/**
 * A message's `attachment_ids` as the references it will carry: each must be a file uploaded to
 * this conversation (of this organization); any other id is 404, as if it did not exist.
 */
export async function resolveAttachments(
  ctx: Pick<TenantContext, "organizationId" | "userId">,
  conversationId: string,
  ids: string[] | undefined,
): Promise<AttachmentRef[]> {
  if (!ids?.length) return [];
  const refs = await conversationBlobs(ctx, conversationId).describe(ids);
  const found = new Set(refs.map((ref) => ref.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError(404, "not_found", "An attached file was not found in this conversation. Attach it again, then send.", {
      attachment_ids: missing,
    });
  }
  return refs;
}

/** How many of the files a model must read as images and as PDFs. */
export function countKinds(refs: AttachmentRef[]): { images: number; pdfs: number } {
  const kinds = refs.map((ref) => attachmentKind(ref.media_type));
  return { images: kinds.filter((kind) => kind === "image").length, pdfs: kinds.filter((kind) => kind === "pdf").length };
}
