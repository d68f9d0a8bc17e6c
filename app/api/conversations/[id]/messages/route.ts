import { parseJsonBody } from "@/lib/server/http/parse-body";
import { MESSAGE_BODY_MAX_BYTES, sendMessageSchema } from "@/lib/schemas/conversation";
import { enforce } from "@/lib/server/rate-limit";
import { route } from "@/lib/server/http/route";
import { requireConversation } from "@/lib/server/runs/conversation-access";
import { messagesPerUser } from "@/lib/server/runs/message-rate-limit";
import { sendMessage } from "@/lib/server/runs/send-message";

type Ctx = { params: Promise<{ id: string }> };

/** Answers `text/event-stream`: the run the message starts, or `message_queued` while a run is active. */
export const POST = route(async (request, { params }: Ctx) => {
  const { id } = await params;
  const ctx = await requireConversation(id);
  const input = await parseJsonBody(request, sendMessageSchema, MESSAGE_BODY_MAX_BYTES);
  await enforce(messagesPerUser(), ctx.userId, "messages");
  return sendMessage(ctx, id, input, request.signal);
});
