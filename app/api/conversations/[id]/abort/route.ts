import { json } from "@/lib/server/http/route";
import { conversationRoute } from "@/lib/server/http/route-builders";
import { abortConversation } from "@/lib/server/runs/abort-conversation";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** 200 with the run's final status ("aborted", or what it reached first), 202 "stopping" when it did not stop within 10 s, 200 "not_active". */
export const POST = conversationRoute({}, async (ctx) => {
  const reply = await abortConversation(ctx, ctx.conversationId);
  return json(reply, reply.status === "stopping" ? 202 : 200);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
