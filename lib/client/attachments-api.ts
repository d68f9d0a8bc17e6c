import type { AttachmentView } from "@/lib/schemas/attachments";
import { errorFromResponse, networkError } from "./api";

/**
 * The attachment routes: upload one file's bytes, the path its preview and history link read, and
 * removing a pending one. Files go to a conversation, or, on the org home where the chat does not
 * exist yet, to the organization as the person's pending files (the first message adopts them).
 */
export type AttachmentTarget = { conversationId: string } | { orgSlug: string };

const attachmentsPath = (target: AttachmentTarget) =>
  "conversationId" in target
    ? `/api/conversations/${encodeURIComponent(target.conversationId)}/attachments`
    : `/api/orgs/${encodeURIComponent(target.orgSlug)}/attachments`;

export const attachmentUrl = (target: AttachmentTarget, attachmentId: string) =>
  `${attachmentsPath(target)}/${encodeURIComponent(attachmentId)}`;

/** The raw bytes as the body, the name in the query; the server detects the type from the bytes. */
export async function uploadAttachment(target: AttachmentTarget, file: File, signal?: AbortSignal): Promise<AttachmentView> {
  let response: Response;
  try {
    response = await fetch(`${attachmentsPath(target)}?name=${encodeURIComponent(file.name)}`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: file,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }
  if (!response.ok) throw await errorFromResponse(response, { write: true });
  return (await response.json()) as AttachmentView;
}

/**
 * A pending file removed before sending, so it does not count against the organization until the
 * purge. Best effort: a file left behind is deleted by the purge after 24 hours anyway.
 */
export function removePendingAttachment(target: AttachmentTarget, attachmentId: string): void {
  if ("conversationId" in target) return;
  void fetch(attachmentUrl(target, attachmentId), { method: "DELETE" }).catch(() => undefined);
}
