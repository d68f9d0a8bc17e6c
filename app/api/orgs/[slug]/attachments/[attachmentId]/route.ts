import { pendingBlobs } from "@/lib/server/attachments/blob-store";
import { fileResponse } from "@/lib/server/attachments/file-response";
import { removePendingAttachment } from "@/lib/server/attachments/remove-pending";
import { notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { memberRoute } from "@/lib/server/http/route-builders";

type Params = { slug: string; attachmentId: string };
const route = memberRoute<Params>({ ids: { attachmentId: "This file" } });

/** The uploader's own pending file (its preview in the composer); anyone else's, or a sent one, is 404. */
export const GET = route({}, async (ctx, { params }) => {
  const file = await pendingBlobs(ctx).get(params.attachmentId);
  if (!file) throw notFound("This file");
  return fileResponse(file);
});

/** Removes the uploader's own pending file before sending; 204. */
export const DELETE = route({}, async (ctx, { params }) => {
  if (!(await removePendingAttachment(ctx, params.attachmentId))) throw notFound("This file");
  return new Response(null, { status: 204 });
});

export const { POST, PUT, PATCH, OPTIONS } = methodNotAllowed("GET", "DELETE");
