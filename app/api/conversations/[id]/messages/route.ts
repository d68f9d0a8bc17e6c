import { MESSAGE_BODY_MAX_BYTES, sendMessageSchema } from "@/lib/schemas/conversation";
import { turnRoute } from "@/lib/server/runs/turn-route";
import { sendMessage } from "@/lib/server/runs/send-message";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** Answers `text/event-stream`: the run the message starts, or `message_queued` while a run is active. */
export const POST = turnRoute({ body: sendMessageSchema, maxBodyBytes: MESSAGE_BODY_MAX_BYTES }, async (ctx, { request, body }) =>
  sendMessage(ctx.turn, ctx.conversationId, body, request.signal),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
