import { switchBranchSchema } from "@/lib/schemas/conversation";
import { switchBranch } from "@/lib/server/conversations/branches";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { conversationRoute } from "@/lib/server/http/route-builders";

/** Shows the version through `message_id` ("‹ 2 / 3 ›"): 204, then read the snapshot again; 404 unknown message, 409 while a run is active. */
export const PUT = conversationRoute({ body: switchBranchSchema }, async (ctx, { body }) => {
  await switchBranch(ctx, ctx.conversationId, body.message_id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = methodNotAllowed("PUT");
