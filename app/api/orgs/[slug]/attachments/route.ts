import { attachmentViewSchema, uploadAttachmentQuerySchema } from "@/lib/schemas/attachments";
import { uploadAttachment } from "@/lib/server/attachments/upload";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { parseWith } from "@/lib/server/http/parse-body";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { enforce, UPLOADS_PER_USER } from "@/lib/server/rate-limit";

/**
 * Uploads one file for the first message of a chat not created yet (the org home): pending, seen
 * only by its uploader, until `POST /api/conversations` with `message.attachment_ids` adopts it.
 * The same checks and limits as a conversation's upload (one per-person upload limit for both).
 */
export const POST = memberRoute()({}, async (ctx, { request }) => {
  await enforce(UPLOADS_PER_USER, ctx.userId, "uploads");
  const query = parseWith(uploadAttachmentQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return json(attachmentViewSchema.parse(await uploadAttachment(ctx, null, request, query.name)), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
