import { route } from "@/lib/server/http/route";
import { requireConversation } from "@/lib/server/conversations/conversation-access";
import { enforce } from "@/lib/server/rate-limit";
import { messagesPerUser } from "@/lib/server/runs/message-rate-limit";
import { retryLastTurn } from "@/lib/server/runs/retry-run";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

type Ctx = { params: Promise<{ id: string }> };

/** Answers `text/event-stream` with the retried run; 409 when there is nothing to retry. Counts as a message for the rate limit. */
export const POST = route(async (request, { params }: Ctx) => {
  const { id } = await params;
  const ctx = await requireConversation(id);
  await enforce(messagesPerUser(), ctx.userId, "messages");
  return retryLastTurn(ctx, id, request.signal);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
