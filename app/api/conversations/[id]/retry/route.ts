import { conversationRoute } from "@/lib/server/http/route-builders";
import { enforceMessageRates } from "@/lib/server/runs/message-rate-limit";
import { retryLastTurn } from "@/lib/server/runs/retry-run";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** Answers `text/event-stream` with the retried run; 409 when there is nothing to retry. Counts as a message for the rate limit. */
export const POST = conversationRoute({}, async (ctx, { request }) => {
  await enforceMessageRates(ctx);
  return retryLastTurn(ctx, ctx.conversationId, request.signal);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
