import type { ModelConfig } from "@/lib/models/model-config";
import type { TenantAgentConfig } from "./settings";

/**
 * The models people may choose for a conversation: the agent's own first, then the ones the admin
 * allowed (all of the configured provider). None for the demo model, which has no model ids.
 */
export function modelChoices(settings: Pick<TenantAgentConfig, "model" | "allowedModels">): string[] {
  const own = settings.model.model;
  if (settings.model.provider === "demo" || !own) return [];
  return [own, ...settings.allowedModels.filter((id) => id !== own)];
}

/**
 * The model config a conversation's runs are built from: its chosen model when the admin still
 * allows it, else the agent's. Only the primary model changes; fallbacks and the light model stay
 * the admin's, so a chosen model that fails still falls back as the admin planned.
 */
export function withConversationModel(settings: TenantAgentConfig, chosen: string | null): TenantAgentConfig {
  if (!chosen || chosen === settings.model.model || !modelChoices(settings).includes(chosen)) return settings;
  const model: ModelConfig = { ...settings.model, model: chosen };
  return { ...settings, model };
}
