import { parseJsonBody } from "@/lib/server/http/parse-body";
import { MESSAGE_BODY_MAX_BYTES, sendMessageSchema } from "@/lib/schemas/conversation";
import { enforce } from "@/lib/server/rate-limit";
import { route } from "@/lib/server/http/route";
import { requireTurnStart } from "@/lib/server/conversations/conversation-access";
import { messagesPerUser } from "@/lib/server/runs/message-rate-limit";
import { sendMessage } from "@/lib/server/runs/send-message";
import { settleAll } from "@/lib/server/settle-all";
import { requireSessionUserId } from "@/lib/server/auth/session";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

type Ctx = { params: Promise<{ id: string }> };

/** Answers `text/event-stream`: the run the message starts, or `message_queued` while a run is active. */
export const POST = route(async (request, { params }: Ctx) => {
  const { id } = await params;
  const userId = await requireSessionUserId();
  // Independent, so side by side; errors keep this order of precedence (404, then 413/422, then 429).
  const [turn, input] = await settleAll([
    requireTurnStart(id, userId),
    parseJsonBody(request, sendMessageSchema, MESSAGE_BODY_MAX_BYTES),
    enforce(messagesPerUser(), userId, "messages"),
  ] as const);
  return sendMessage(turn, id, input, request.signal);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
