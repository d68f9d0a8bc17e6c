import { shareCopiedSchema, shareCopySchema } from "@/lib/schemas/shares";
import { unauthorized } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { copyShare } from "@/lib/server/shares/copy-share";
import { shareRoute } from "@/lib/server/shares/share-route";

/** "Continue as my copy": signed in and in the link's audience; 201 with the new conversation's address. */
export const POST = shareRoute({ body: shareCopySchema }, async (ctx, { body }) => {
  if (!ctx.viewerId) throw unauthorized();
  return json(shareCopiedSchema.parse(await copyShare(ctx.share, { userId: ctx.viewerId, ip: ctx.ip }, body.organization)), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
