import { readTurnStart, type TurnStart } from "@/lib/db/turn-start";
import { tenantRowRouteCheckingSession } from "@/lib/server/http/route-builders";
import { enforce } from "@/lib/server/rate-limit";
import { runLeaseMs } from "./lease-config";
import { messagesPerUser } from "./message-rate-limit";
import { settleAll } from "@/lib/server/settle-all";

/**
 * The message route's builder: a conversation route whose one lookup is the turn start (the
 * membership, the session check and everything the run needs, one statement, lib/db/turn-start.ts),
 * with the message rate limit beside it. Errors: 401, 404, then 429 (then the body's).
 */
export const turnRoute = tenantRowRouteCheckingSession("This conversation", async (session, conversationId) => {
  const [turn] = await settleAll([
    readTurnStart(session.userId, conversationId, runLeaseMs(), session),
    enforce(messagesPerUser(), session.userId, "messages"),
  ] as const);
  return turn && { ctx: turn.ctx, conversationId, turn: turn as TurnStart, sessionCurrent: turn.sessionCurrent };
});
