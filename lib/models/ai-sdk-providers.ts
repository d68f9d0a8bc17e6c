import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import type { ModelCapabilities } from "@/lib/agent/model-adapter";
import { AiSdkAdapter } from "./ai-sdk-adapter";
import { capabilitiesFor } from "./capabilities";
import { DEFAULT_MAX_TOKENS } from "./model-config";
import { providerFetch, type ProviderFetch } from "./provider-fetch";
import { providerTarget } from "./provider-target";

export type AiSdkProvider = "openai" | "google" | "anthropic-ai-sdk" | "openai-compatible";

export interface AiSdkModelConfig {
  provider: AiSdkProvider;
  model: string;
  /** Optional only for "openai-compatible" (a local Ollama / LM Studio / vLLM needs none). */
  apiKey?: string;
  /** Including the `/v1` path, as the AI SDK expects: e.g. http://localhost:11434/v1 for Ollama. */
  baseURL?: string;
  maxTokens?: number;
  systemPrompt?: string;
  /** What the admin stated (an OpenAI-compatible server); merged over the known-models table. */
  capabilities?: Partial<ModelCapabilities>;
  /** Default: `providerFetch`. */
  fetch?: ProviderFetch;
}

/**
 * The key is always passed explicitly: the SDKs would otherwise read OPENAI_API_KEY and the
 * like from the server's environment, and a tenant would silently run on the operator's key.
 */
function languageModel(config: AiSdkModelConfig): LanguageModel {
  const { provider, model, apiKey, baseURL, fetch = providerFetch } = config;
  switch (provider) {
    case "openai":
      // Chat Completions rather than the Responses API: the one wire format OpenAI and every
      // OpenAI-compatible server share, so one code path (and one fake server) covers both.
      return createOpenAI({ apiKey: requireKey(config), baseURL, fetch }).chat(model);
    case "openai-compatible":
      if (!baseURL) throw new Error("An OpenAI-compatible provider needs a base URL.");
      // Local servers ignore the key, but the client insists on sending one.
      return createOpenAI({ apiKey: apiKey ?? "not-needed", baseURL, name: "openai-compatible", fetch }).chat(model);
    case "google":
      return createGoogleGenerativeAI({ apiKey: requireKey(config), baseURL, fetch })(model);
    case "anthropic-ai-sdk":
      return createAnthropic({ apiKey: requireKey(config), baseURL, fetch })(model);
  }
}

function requireKey(config: AiSdkModelConfig): string {
  if (!config.apiKey) throw new Error(`The ${config.provider} provider needs an API key.`);
  return config.apiKey;
}

export function createAiSdkAdapter(config: AiSdkModelConfig): AiSdkAdapter {
  return new AiSdkAdapter({
    name: `${config.provider}:${config.model}`,
    model: languageModel(config),
    // Anthropic's API requires a limit; left unset, the AI SDK would guess the model's maximum.
    maxTokens: config.maxTokens ?? (config.provider === "anthropic-ai-sdk" ? DEFAULT_MAX_TOKENS : undefined),
    systemPrompt: config.systemPrompt,
    anthropicPromptCaching: config.provider === "anthropic-ai-sdk",
    capabilities: capabilitiesFor(config.provider, config.model, config.capabilities),
    providerTarget: providerTarget(config.provider, config.baseURL, config.apiKey),
  });
}
