import { conversationResponseSchema } from "@/lib/schemas/conversation";
import { branchOut } from "@/lib/server/conversations/branches";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { messageIdParam } from "@/lib/server/http/message-path-id";
import { json } from "@/lib/server/http/route";
import { conversationRoute } from "@/lib/server/http/route-builders";

/** "Branch into a new conversation": 201 with the new conversation, whose history is the shown path up to this message. */
export const POST = conversationRoute({}, async (ctx, { params }) => {
  const conversation = await branchOut(ctx, ctx.conversationId, messageIdParam(params));
  return json(conversationResponseSchema.parse({ organization: { slug: ctx.orgSlug }, conversation }), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
