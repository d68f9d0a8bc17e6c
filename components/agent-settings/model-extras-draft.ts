import { DEFAULT_CAPABILITIES, type ModelConfig, type ModelProvider } from "@/lib/models/model-config";
import type { AgentSettingsInput } from "@/lib/schemas/agent-settings";

/**
 * The model section's extras, as the inputs hold them: what an OpenAI-compatible server can do
 * (the admin states it; the table knows the other providers' models) and the optional light model.
 */
export interface ModelExtrasDraft {
  contextWindow: string;
  maxOutputTokens: string;
  images: boolean;
  tools: boolean;
  reasoning: boolean;
  /** "" for no light model (no routing). */
  lightProvider: ModelProvider | "";
  lightModel: string;
  lightBaseURL: string;
  routingThreshold: string;
}

export function extrasDraftFrom(model: ModelConfig): ModelExtrasDraft {
  const stated = model.capabilities ?? {};
  return {
    contextWindow: stated.context_window === undefined ? "" : String(stated.context_window),
    maxOutputTokens: stated.max_output_tokens === undefined ? "" : String(stated.max_output_tokens),
    images: stated.images ?? DEFAULT_CAPABILITIES.images,
    tools: stated.tools ?? DEFAULT_CAPABILITIES.tools,
    reasoning: stated.reasoning ?? DEFAULT_CAPABILITIES.reasoning,
    lightProvider: model.light?.provider ?? "",
    lightModel: model.light?.model ?? "",
    lightBaseURL: model.light?.baseURL ?? "",
    routingThreshold: model.routingThreshold === undefined ? "" : String(model.routingThreshold),
  };
}

// Blank means "not stated"; anything else goes to the schema as a number, which says what is wrong.
const numberOrUnset = (text: string) => (text.trim() === "" ? undefined : Number(text.trim()));

/**
 * The model part of the PUT body with the extras applied. Stated capabilities go only with an
 * OpenAI-compatible server: on a switch to another provider the table describes the model again.
 */
export function withModelExtras(input: AgentSettingsInput, draft: ModelExtrasDraft): AgentSettingsInput {
  const { capabilities: _stated, light: _light, routingThreshold: _threshold, ...model } = input.model ?? { provider: "demo" };
  const compatible = model.provider === "openai-compatible";
  return {
    ...input,
    model: {
      ...model,
      ...(compatible && {
        capabilities: {
          context_window: numberOrUnset(draft.contextWindow),
          max_output_tokens: numberOrUnset(draft.maxOutputTokens),
          images: draft.images,
          tools: draft.tools,
          reasoning: draft.reasoning,
        },
      }),
      ...(draft.lightProvider !== "" && {
        light: { provider: draft.lightProvider, model: draft.lightModel, baseURL: draft.lightBaseURL },
        routingThreshold: numberOrUnset(draft.routingThreshold),
      }),
    },
  };
}
