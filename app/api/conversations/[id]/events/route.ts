import { AppError } from "@/lib/server/http/app-error";
import { route } from "@/lib/server/http/route";
import { requireConversation } from "@/lib/server/conversations/conversation-access";
import { replayStart } from "@/lib/server/sse/replay-start";
import { conversationStream } from "@/lib/server/sse/conversation-stream";
import { readLastEventSeq } from "@/lib/db/conversation-snapshot";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

type Ctx = { params: Promise<{ id: string }> };

/**
 * Replays the events after `Last-Event-ID` (or `?after=`) and then tails live ones, with
 * heartbeats, until the client leaves. Without either, it starts at the newest event (live only).
 */
export const GET = route(async (request, { params }: Ctx) => {
  const { id } = await params;
  const ctx = await requireConversation(id);
  const after = replayStart(request);
  if (after === "invalid") throw new AppError(422, "validation_failed", "Last-Event-ID and ?after= must be an event number (a whole number, 0 or more).");
  return conversationStream(ctx, id, { after: after ?? (await readLastEventSeq(ctx, id)), requestSignal: request.signal });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
