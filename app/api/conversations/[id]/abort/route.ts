import { abortConversationSchema } from "@/lib/schemas/conversation";
import { json } from "@/lib/server/http/route";
import { conversationRoute } from "@/lib/server/http/route-builders";
import { abortConversation } from "@/lib/server/runs/abort-conversation";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** `shown_chars`: how much of the streaming answer the client showed (the stored partial keeps that much). 200 with the run's final status ("aborted", or what it reached first), 202 "stopping" when it did not stop within 10 s, 200 "not_active". */
export const POST = conversationRoute({ body: abortConversationSchema }, async (ctx, { body }) => {
  const reply = await abortConversation(ctx, ctx.conversationId, { shownChars: body.shown_chars });
  return json(reply, reply.status === "stopping" ? 202 : 200);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("POST");
