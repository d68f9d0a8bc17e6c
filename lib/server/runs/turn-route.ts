import { countAndReadTurnStart, type TurnStart } from "@/lib/db/turn-start";
import { tenantRowRouteCheckingSession } from "@/lib/server/http/route-builders";
import { runLeaseMs } from "./lease-config";
import { enforceCountedMessageRates, messageRateCounting } from "./message-rate-limit";

/**
 * The message route's builder: a conversation route whose one lookup is the turn start (the
 * membership, the session check and everything the run needs, one statement, lib/db/turn-start.ts),
 * which also counts the sender's and the organization's message rates. Errors: 401, then the
 * sender's 429, 404, the organization's 429 (then the body's).
 */
export const turnRoute = tenantRowRouteCheckingSession("This conversation", async (session, conversationId) => {
  const counting = messageRateCounting(session.userId);
  const counted = await countAndReadTurnStart(session.userId, conversationId, runLeaseMs(), session, counting);
  enforceCountedMessageRates(counted, counting.nowMs);
  const { turn } = counted;
  return turn && { ctx: turn.ctx, conversationId, turn: turn as TurnStart, sessionCurrent: turn.sessionCurrent };
});
