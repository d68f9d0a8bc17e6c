import { regenerateReply } from "@/lib/server/conversations/branches";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { messageIdParam } from "@/lib/server/http/message-path-id";
import { conversationRoute } from "@/lib/server/http/route-builders";
import { enforceMessageRates } from "@/lib/server/runs/message-rate-limit";

/** A new version of the agent's reply: answers `text/event-stream` with its run; 409 while a run is active. Counts as a message. */
export const POST = conversationRoute({}, async (ctx, { request, params }) => {
  await enforceMessageRates(ctx);
  return regenerateReply(ctx, ctx.conversationId, messageIdParam(params), request.signal);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
