import { revokeShareLink } from "@/lib/db/share-links";
import { forbidden, notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { possibleId } from "@/lib/server/http/path-id";
import { conversationRoute } from "@/lib/server/http/route-builders";

/** Revokes a link at once: its creator or an admin (403 for other members); 204, also for a link already revoked. */
export const DELETE = conversationRoute({}, async (ctx, { params }) => {
  const { shareId } = params as { id: string; shareId: string };
  if (!possibleId(shareId)) throw notFound("This share link");
  const result = await revokeShareLink(ctx, ctx.conversationId, shareId, ctx.ip);
  if (result.status === "not_found") throw notFound("This share link");
  if (result.status === "forbidden") throw forbidden("Only the person who made this link, or an admin, can revoke it.");
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed("DELETE");
