import { attachmentViewSchema, uploadAttachmentQuerySchema } from "@/lib/schemas/attachments";
import { uploadAttachment } from "@/lib/server/attachments/upload";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { parseWith } from "@/lib/server/http/parse-body";
import { json } from "@/lib/server/http/route";
import { conversationRoute } from "@/lib/server/http/route-builders";
import { enforce, UPLOADS_PER_USER } from "@/lib/server/rate-limit";

/**
 * Uploads one file: the body is its raw bytes (any Content-Type; the type is detected from the
 * bytes), `?name=` its file name. 201 with its reference; 413 over the size limits, 422 for a type
 * that is not supported. Send its id in the message's `attachment_ids`.
 */
export const POST = conversationRoute({}, async (ctx, { request }) => {
  await enforce(UPLOADS_PER_USER, ctx.userId, "uploads");
  const query = parseWith(uploadAttachmentQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return json(attachmentViewSchema.parse(await uploadAttachment(ctx, ctx.conversationId, request, query.name)), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
