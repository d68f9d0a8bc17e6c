import { AppError } from "@/lib/server/http/app-error";
import { conversationRoute } from "@/lib/server/http/route-builders";
import { replayStart } from "@/lib/server/sse/replay-start";
import { conversationStream } from "@/lib/server/sse/conversation-stream";
import { readLastEventSeq } from "@/lib/db/conversation-snapshot";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/**
 * Replays the events after `Last-Event-ID` (or `?after=`) and then tails live ones, with
 * heartbeats, until the client leaves. Without either, it starts at the newest event (live only).
 */
export const GET = conversationRoute({}, async (ctx, { request }) => {
  const after = replayStart(request);
  if (after === "invalid")
    throw new AppError(422, "validation_failed", "Last-Event-ID and ?after= must be an event number (a whole number, 0 or more).");
  const id = ctx.conversationId;
  return conversationStream(ctx, id, { after: after ?? (await readLastEventSeq(ctx, id)), requestSignal: request.signal });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
