import type { ModelAdapter } from "@/lib/agent/model-adapter";
import { AnthropicAdapter } from "./anthropic-adapter";
import { createAiSdkAdapter } from "./ai-sdk-providers";
import { DemoModel, type DemoModelOptions } from "./demo-model";
import { PROVIDER_KEY_ENV, modelConfigSchema, type ModelConfig, type ModelConfigInput, type ModelTarget } from "./model-config";
import { withReliability, type ReliabilityOptions } from "./reliability";

export interface BuildModelOptions {
  /**
   * Where keys missing from the configuration are looked up (ANTHROPIC_API_KEY, ...). The
   * server passes process.env; nothing here reads the environment on its own.
   */
  env?: Record<string, string | undefined>;
  reliability?: ReliabilityOptions;
  demo?: DemoModelOptions;
}

export interface BuiltModel {
  /** The primary model and its fallbacks behind the retry and fallback policy. */
  model: ModelAdapter;
  /** True when the agent runs on the offline demo model, configured or for want of a key. */
  usingDemo: boolean;
  /** Things a person should know about this setup, e.g. why the demo model is used. */
  notices: string[];
}

const PROVIDER_NAMES: Record<ModelTarget["provider"], string> = {
  anthropic: "Anthropic",
  "anthropic-ai-sdk": "Anthropic",
  openai: "OpenAI",
  google: "Google",
  "openai-compatible": "OpenAI-compatible",
  demo: "demo",
};

function resolveKey(target: ModelTarget, env: Record<string, string | undefined>): string | undefined {
  const envName = PROVIDER_KEY_ENV[target.provider];
  return target.apiKey ?? (envName ? env[envName]?.trim() || undefined : undefined);
}

function needsKey(target: ModelTarget): boolean {
  return PROVIDER_KEY_ENV[target.provider] !== undefined;
}

function missingKeyNotice(target: ModelTarget): string {
  return `No ${PROVIDER_NAMES[target.provider]} API key is set. Set ${PROVIDER_KEY_ENV[target.provider]} on the server or add a key in agent settings.`;
}

function createAdapter(target: ModelTarget, apiKey: string | undefined, config: ModelConfig, options: BuildModelOptions): ModelAdapter {
  // The schema guarantees a model id for every provider but the demo.
  const model = target.model ?? "";
  switch (target.provider) {
    case "demo":
      return new DemoModel(options.demo);
    case "anthropic":
      return new AnthropicAdapter({ model, apiKey: apiKey ?? "", baseURL: target.baseURL, maxTokens: config.maxTokens, thinking: config.thinking });
    default:
      return createAiSdkAdapter({ provider: target.provider, model, apiKey, baseURL: target.baseURL, maxTokens: config.maxTokens });
  }
}

/**
 * Builds an agent's model from its configuration. A provider without a key falls back to the
 * offline demo model, and says so: a fallback model without a key is left out, also with a notice.
 */
export function buildModel(input: ModelConfigInput, options: BuildModelOptions = {}): BuiltModel {
  const config = modelConfigSchema.parse(input);
  const env = options.env ?? {};
  // The agent's own setting wins over the server-wide default.
  const reliability = { ...options.reliability, ...(config.maxAttempts !== undefined && { maxAttempts: config.maxAttempts }) };

  if (config.provider === "demo") {
    return { model: withReliability([new DemoModel(options.demo)], reliability), usingDemo: true, notices: ["The agent is set to the offline demo model."] };
  }
  const primaryKey = resolveKey(config, env);
  if (needsKey(config) && !primaryKey) {
    return {
      model: withReliability([new DemoModel(options.demo)], reliability),
      usingDemo: true,
      notices: [`${missingKeyNotice(config)} Until then the agent uses the offline demo model.`],
    };
  }

  const notices: string[] = [];
  const models = [createAdapter(config, primaryKey, config, options)];
  for (const fallback of config.fallbacks) {
    const key = resolveKey(fallback, env);
    if (needsKey(fallback) && !key) {
      notices.push(`The fallback model ${fallback.provider}:${fallback.model} is skipped. ${missingKeyNotice(fallback)}`);
      continue;
    }
    models.push(createAdapter(fallback, key, config, options));
  }
  return { model: withReliability(models, reliability), usingDemo: false, notices };
}
