import { conversationBlobs } from "@/lib/server/attachments/blob-store";
import { fileResponse } from "@/lib/server/attachments/file-response";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { possibleId } from "@/lib/server/http/path-id";
import { conversationRoute } from "@/lib/server/http/route-builders";

/** The file's bytes, for the conversation's members: previews in the composer and files in the history. */
export const GET = conversationRoute({}, async (ctx, { params }) => {
  const { attachmentId } = params as { id: string; attachmentId: string };
  if (!possibleId(attachmentId)) throw notFound("This file");
  const file = await conversationBlobs(ctx, ctx.conversationId).get(attachmentId);
  if (!file) throw notFound("This file");
  return fileResponse(file);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
