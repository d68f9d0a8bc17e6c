import { listMyFeedback } from "@/lib/db/message-feedback";
import { myFeedbackSchema } from "@/lib/schemas/feedback";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { conversationRoute } from "@/lib/server/http/route-builders";

/** The signed-in person's own feedback in this conversation (which thumb they pressed on which message). */
export const GET = conversationRoute({}, async (ctx) =>
  json(myFeedbackSchema.parse({ feedback: await listMyFeedback(ctx, ctx.conversationId) })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
