import { readTurnStart, type TurnStart } from "@/lib/db/turn-start";
import { tenantRowRoute } from "@/lib/server/http/route-builders";
import { enforce } from "@/lib/server/rate-limit";
import { runLeaseMs } from "./lease-config";
import { messagesPerUser } from "./message-rate-limit";
import { settleAll } from "@/lib/server/settle-all";

/**
 * The message route's builder: a conversation route whose one lookup is the turn start (the
 * membership and everything the run needs, one statement, lib/db/turn-start.ts), with the message
 * rate limit beside it and beside the session check. Errors: 401, 404, then 429 (then the body's).
 */
export const turnRoute = tenantRowRoute("This conversation", async (userId, conversationId) => {
  const [turn] = await settleAll([
    readTurnStart(userId, conversationId, runLeaseMs()),
    enforce(messagesPerUser(), userId, "messages"),
  ] as const);
  return turn && { ctx: turn.ctx, conversationId, turn: turn as TurnStart };
});
