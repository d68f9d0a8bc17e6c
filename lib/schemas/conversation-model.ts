import { z } from "zod";
import { shortText } from "./text";

/** `PUT /api/conversations/:id/model`: one of the allowed models, or null for the agent's own. */
export const chooseConversationModelSchema = z.object({ model: shortText().trim().min(1).max(200).nullable() });

/** `GET` and `PUT /api/conversations/:id/model`. */
export const conversationModelResponseSchema = z.object({
  /** The model this conversation's runs use (null: the demo model, which has no model id). */
  model: z.string().nullable(),
  /** What may be chosen: the agent's model first, then the ones an admin allowed. Fewer than two: no picker. */
  choices: z.array(z.string()),
});
export type ConversationModelResponse = z.infer<typeof conversationModelResponseSchema>;
