import { deleteFeedback, setFeedback } from "@/lib/db/message-feedback";
import { feedbackInputSchema, messageFeedbackSchema } from "@/lib/schemas/feedback";
import { AppError, notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { possibleId } from "@/lib/server/http/path-id";
import { json } from "@/lib/server/http/route";
import { conversationRoute } from "@/lib/server/http/route-builders";

const messageIdOf = (params: { id: string }) => {
  const { messageId } = params as { id: string; messageId: string };
  if (!possibleId(messageId)) throw notFound("This message");
  return messageId;
};

/** The person's thumbs up / down on an agent message: 200 with it as stored; 404 for an unknown message, 422 for a person's message. */
export const PUT = conversationRoute({ body: feedbackInputSchema }, async (ctx, { params, body }) => {
  const result = await setFeedback(ctx, ctx.conversationId, messageIdOf(params), body);
  if (result.status === "no_message") throw notFound("This message");
  if (result.status === "not_agent")
    throw new AppError(422, "not_an_agent_message", "Feedback is for the agent's messages; this one is a person's.");
  return json(messageFeedbackSchema.parse(result.feedback));
});

/** Takes the person's feedback back: 204, also when there was none (the end state is the same). */
export const DELETE = conversationRoute({}, async (ctx, { params }) => {
  await deleteFeedback(ctx, ctx.conversationId, messageIdOf(params));
  return new Response(null, { status: 204 });
});

export const { GET, POST, PATCH, OPTIONS } = methodNotAllowed("PUT", "DELETE");
