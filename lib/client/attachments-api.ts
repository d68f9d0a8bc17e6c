import type { AttachmentView } from "@/lib/schemas/attachments";
import { errorFromResponse, networkError } from "./api";

/** The attachment routes: upload one file's bytes, and the path its preview and history link read. */

const attachmentsPath = (conversationId: string) => `/api/conversations/${encodeURIComponent(conversationId)}/attachments`;

export const attachmentUrl = (conversationId: string, attachmentId: string) =>
  `${attachmentsPath(conversationId)}/${encodeURIComponent(attachmentId)}`;

/** The raw bytes as the body, the name in the query; the server detects the type from the bytes. */
export async function uploadAttachment(conversationId: string, file: File, signal?: AbortSignal): Promise<AttachmentView> {
  let response: Response;
  try {
    response = await fetch(`${attachmentsPath(conversationId)}?name=${encodeURIComponent(file.name)}`, {
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
