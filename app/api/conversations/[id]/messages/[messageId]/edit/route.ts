import { editMessageSchema } from "@/lib/schemas/conversation";
import { editMessage } from "@/lib/server/conversations/branches";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { messageIdParam } from "@/lib/server/http/message-path-id";
import { conversationRoute } from "@/lib/server/http/route-builders";
import { enforceMessageRates } from "@/lib/server/runs/message-rate-limit";

/** 20,000 characters of up to 4 bytes each, with room for the JSON around them. */
const EDIT_BODY_MAX_BYTES = 96 * 1024;

/** A new version of a message the person sent: answers `text/event-stream` with its run; 409 while a run is active. Counts as a message. */
export const POST = conversationRoute(
  { body: editMessageSchema, maxBodyBytes: EDIT_BODY_MAX_BYTES },
  async (ctx, { request, params, body }) => {
    await enforceMessageRates(ctx);
    return editMessage(ctx, ctx.conversationId, messageIdParam(params), body.text, request.signal);
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
