import { json } from "@/lib/server/http/route";
import { conversationRoute } from "@/lib/server/http/route-builders";
import { chooseConversationModelSchema, conversationModelResponseSchema } from "@/lib/schemas/conversation-model";
import { chooseConversationModel, conversationModel } from "@/lib/server/conversations/conversation-model";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** Which model the conversation's runs use, and what may be chosen (docs/models.md "Model choice"). */
export const GET = conversationRoute({}, async (ctx) =>
  json(conversationModelResponseSchema.parse(await conversationModel(ctx, ctx.conversationId))),
);

/** Any member may choose among the allowed models; another model is 422 `model_not_allowed`. */
export const PUT = conversationRoute({ body: chooseConversationModelSchema }, async (ctx, { body }) =>
  json(conversationModelResponseSchema.parse(await chooseConversationModel(ctx, ctx.conversationId, body.model))),
);

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "PUT");
