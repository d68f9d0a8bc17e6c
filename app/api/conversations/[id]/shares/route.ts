import { listShareLinks } from "@/lib/db/share-links";
import { shareCreatedSchema, shareCreateSchema, shareListSchema } from "@/lib/schemas/shares";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { conversationRoute } from "@/lib/server/http/route-builders";
import { appOrigin } from "@/lib/server/http/same-origin";
import { createShare, shareLinkView } from "@/lib/server/shares/manage-shares";

/** The conversation's share links, newest first, revoked and expired ones included (each says so). */
export const GET = conversationRoute({}, async (ctx) => {
  const rows = await listShareLinks(ctx, ctx.conversationId);
  return json(shareListSchema.parse({ shares: rows.map((row) => shareLinkView(row, ctx)) }));
});

/** A new link; any member may share. 201 with the link, shown only in this answer. */
export const POST = conversationRoute({ body: shareCreateSchema }, async (ctx, { request, body }) =>
  json(shareCreatedSchema.parse(await createShare(ctx, ctx.conversationId, body, appOrigin(request))), 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
