import type { AgentSettingsInput, AgentSettingsView } from "@/lib/schemas/agent-settings";
import type { ModelProvider } from "@/lib/models/model-config";

/** The form's state: strings as the inputs hold them; `toInput` makes the PUT body. */
export interface SettingsDraft {
  name: string;
  systemPrompt: string;
  provider: ModelProvider;
  model: string;
  baseURL: string;
  /** Typed key; "" leaves the stored key alone unless `clearKey`. */
  providerApiKey: string;
  clearKey: boolean;
  enabledTools: string[];
  enabledForms: string[];
  /** Other model ids people may choose per conversation, comma- or line-separated as typed. */
  allowedModels: string;
  permissionPolicy: Record<string, "allow" | "deny">;
  slotTtlMinutes: string;
  /** "" for the default budget. */
  requestTokenBudget: string;
}

export function draftFrom(view: AgentSettingsView): SettingsDraft {
  return {
    name: view.name,
    systemPrompt: view.systemPrompt,
    provider: view.model.provider,
    model: view.model.model ?? "",
    baseURL: view.model.baseURL ?? "",
    providerApiKey: "",
    clearKey: false,
    enabledTools: view.enabledTools,
    enabledForms: view.enabledForms,
    allowedModels: view.allowedModels.join(", "),
    permissionPolicy: view.permissionPolicy,
    slotTtlMinutes: view.slotTtlMinutes === null ? "" : String(view.slotTtlMinutes),
    requestTokenBudget: view.requestTokenBudget === null ? "" : String(view.requestTokenBudget),
  };
}

/** The PUT body. Settings the page does not edit (fallbacks, thinking, limits) are sent back as they were. */
export function toInput(draft: SettingsDraft, view: AgentSettingsView): AgentSettingsInput {
  const ttl = draft.slotTtlMinutes.trim();
  const budget = draft.requestTokenBudget.trim();
  return {
    name: draft.name,
    systemPrompt: draft.systemPrompt,
    model: { ...view.model, provider: draft.provider, model: draft.model, baseURL: draft.baseURL },
    enabledTools: draft.enabledTools,
    enabledForms: draft.enabledForms,
    allowedModels: modelIds(draft.allowedModels),
    permissionPolicy: draft.permissionPolicy,
    slotTtlMinutes: ttl === "" ? null : Number(ttl),
    requestTokenBudget: budget === "" ? null : Number(budget),
    ...(draft.clearKey ? { providerApiKey: "" } : draft.providerApiKey.trim() ? { providerApiKey: draft.providerApiKey.trim() } : {}),
  };
}

/** The ids typed in the allowed-models field: split at commas and line breaks, blanks dropped. */
export const modelIds = (typed: string) =>
  typed
    .split(/[,\n]/)
    .map((id) => id.trim())
    .filter(Boolean);
