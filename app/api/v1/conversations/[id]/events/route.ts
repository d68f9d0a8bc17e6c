import { readLastEventSeq } from "@/lib/db/conversation-snapshot";
import { AppError } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { apiKeyRoute } from "@/lib/server/http/route-builders";
import { replayStart } from "@/lib/server/sse/replay-start";
import { conversationStream } from "@/lib/server/sse/conversation-stream";
import { requireV1Conversation } from "@/lib/server/v1/conversations";

/**
 * GET /api/v1/conversations/{id}/events: the browser's SSE protocol. Replays the events after
 * `Last-Event-ID` (or `?after=`), then tails live ones with heartbeats until the client leaves.
 */
export const GET = apiKeyRoute<{ id: string }>({ scopes: ["conversations:read"], ids: { id: "This conversation" } })(
  {},
  async (ctx, { request, params }) => {
    const after = replayStart(request);
    if (after === "invalid")
      throw new AppError(422, "validation_failed", "Last-Event-ID and ?after= must be an event number (a whole number, 0 or more).");
    await requireV1Conversation(ctx, params.id);
    return conversationStream(ctx, params.id, { after: after ?? (await readLastEventSeq(ctx, params.id)), requestSignal: request.signal });
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
