import { DEFAULT_SYSTEM_PROMPT } from "@/lib/schemas/agent-settings";
import type { ModelConfig } from "@/lib/models/model-config";
import { BUILTIN_TOOL_NAMES } from "@/lib/tools/catalog";

/** An organization that never saved settings gets these: the demo model and every built-in tool, so each card can be tried at once. */
export const DEFAULT_AGENT_SETTINGS = {
  name: "Assistant",
  systemPrompt: DEFAULT_SYSTEM_PROMPT,
  model: { provider: "demo", fallbacks: [], thinking: "off" } satisfies ModelConfig as ModelConfig,
  enabledTools: BUILTIN_TOOL_NAMES,
  /** Forms are the organization's own: none until an admin switches one on. */
  enabledForms: [] as string[],
  /** Only the agent's own model, until an admin allows others. */
  allowedModels: [] as string[],
  permissionPolicy: {} as Record<string, "allow" | "deny">,
  slotTtlMinutes: null as number | null,
  /** The runtime's own default budget (DEFAULT_REQUEST_BUDGET). */
  requestTokenBudget: null as number | null,
};
