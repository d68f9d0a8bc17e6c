import { readConversationModel, writeConversationModel } from "@/lib/db/conversation-model";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { ConversationModelResponse } from "@/lib/schemas/conversation-model";
import { modelChoices, withConversationModel } from "@/lib/server/agent/conversation-model";
import { loadAgentSettings } from "@/lib/server/agent/settings";
import { AppError, notFound } from "@/lib/server/http/app-error";
import { settleAll } from "@/lib/server/settle-all";

/**
 * A conversation's model choice. Every member may choose (conversations are the organization's);
 * the choice is checked here against what the admin allows, never trusted from the browser, and a
 * model the admin later removes is simply no longer used (withConversationModel).
 */
export async function conversationModel(ctx: TenantContext, conversationId: string): Promise<ConversationModelResponse> {
  const [settings, chosen] = await settleAll([loadAgentSettings(ctx), readConversationModel(ctx, conversationId)] as const);
  if (chosen === undefined) throw notFound("This conversation");
  return { model: withConversationModel(settings, chosen).model.model ?? null, choices: modelChoices(settings) };
}

export async function chooseConversationModel(
  ctx: TenantContext,
  conversationId: string,
  model: string | null,
): Promise<ConversationModelResponse> {
  const settings = await loadAgentSettings(ctx);
  const choices = modelChoices(settings);
  if (model !== null && !choices.includes(model)) {
    throw new AppError(
      422,
      "model_not_allowed",
      choices.length > 1
        ? `"${model}" is not one of the models this organization allows. Choose one of: ${choices.join(", ")}.`
        : "This organization allows only the agent's own model. An admin can allow more in Settings → Agent.",
      { choices },
    );
  }
  // The agent's own model is stored as null, so changing the agent's model later changes this conversation's too.
  const stored = model === settings.model.model ? null : model;
  if (!(await writeConversationModel(ctx, conversationId, stored))) throw notFound("This conversation");
  return { model: withConversationModel(settings, stored).model.model ?? null, choices };
}
