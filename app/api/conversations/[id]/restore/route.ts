import { conversationResponseSchema } from "@/lib/schemas/conversation";
import { json } from "@/lib/server/http/route";
import { deletedConversationRoute } from "@/lib/server/http/route-builders";
import { restoreDeletedConversation } from "@/lib/server/conversations/conversation-service";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** Undoes a delete (the toast's "Undo"): 200 with the conversation; 404 after the restore window, once purged, or for another organization's. */
export const POST = deletedConversationRoute({}, async (ctx) =>
  json(conversationResponseSchema.parse({ conversation: await restoreDeletedConversation(ctx, ctx.conversationId) })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
