import type { ModelAdapter } from "@/lib/agent/model-adapter";
import { AnthropicAdapter } from "./anthropic-adapter";
import { createAiSdkAdapter } from "./ai-sdk-providers";
import { DemoModel, type DemoModelOptions } from "./demo-model";
import { capabilitiesFor } from "./capabilities";
import {
  DEFAULT_ROUTING_THRESHOLD,
  PROVIDER_KEY_ENV,
  modelConfigSchema,
  type ModelConfig,
  type ModelConfigInput,
  type ModelTarget,
  type StatedCapabilities,
} from "./model-config";
import type { ProviderFetch } from "./provider-fetch";
import { withReliability, type ReliabilityOptions } from "./reliability";
import { withRouting } from "./routed-model";

export interface BuildModelOptions {
  /**
   * Where keys missing from the configuration are looked up (ANTHROPIC_API_KEY, ...). The
   * server passes `modelEnv()` (lib/server/env.ts); nothing here reads the environment on its own.
   */
  env?: Record<string, string | undefined>;
  reliability?: ReliabilityOptions;
  demo?: DemoModelOptions;
  /** The `fetch` the providers' SDKs call (the server's goes through the SSRF guard); default `providerFetch`. */
  fetch?: ProviderFetch;
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

/** The env var an operator lists base URLs in (comma-separated) that may receive the server's keys. */
export const SERVER_KEY_BASE_URLS_ENV = "SERVER_KEY_BASE_URLS";

const CUSTOM_URL_NEEDS_OWN_KEY = "a custom base URL needs your team's own key";

type KeyResolution = { key: string } | { key: undefined; reason: "missing" | "custom_url" };

const normalizeUrl = (url: string) => url.trim().replace(/\/+$/, "");

/** Exact URL match, or an entry that is a bare origin matching the URL's origin. */
function allowListed(baseURL: string, env: Record<string, string | undefined>): boolean {
  const entries = (env[SERVER_KEY_BASE_URLS_ENV] ?? "").split(",").map(normalizeUrl).filter(Boolean);
  let origin: string;
  try {
    origin = new URL(baseURL).origin;
  } catch {
    return false;
  }
  return entries.some((entry) => entry === normalizeUrl(baseURL) || entry === origin);
}

/**
 * The team's own key, else the server's key, but the server's key only for the provider's own
 * endpoint: a tenant chooses its base URL, so an environment key sent there would hand the
 * operator's key to whoever runs that host. The operator may allow-list base URLs it trusts.
 */
function resolveKey(target: ModelTarget, env: Record<string, string | undefined>): KeyResolution {
  if (target.apiKey) return { key: target.apiKey };
  const envName = PROVIDER_KEY_ENV[target.provider];
  const envKey = envName ? env[envName]?.trim() || undefined : undefined;
  if (!envKey) return { key: undefined, reason: "missing" };
  if (target.baseURL && !allowListed(target.baseURL, env)) return { key: undefined, reason: "custom_url" };
  return { key: envKey };
}

function needsKey(target: ModelTarget): boolean {
  return PROVIDER_KEY_ENV[target.provider] !== undefined;
}

function missingKeyNotice(target: ModelTarget, reason: "missing" | "custom_url", canHoldKey: boolean): string {
  if (reason === "custom_url") {
    const fix = canHoldKey
      ? "Add your team's key in agent settings, or remove the base URL."
      : "Remove its base URL, or ask the operator to list it in SERVER_KEY_BASE_URLS.";
    return `The server's ${PROVIDER_NAMES[target.provider]} key is not sent to ${target.baseURL}: ${CUSTOM_URL_NEEDS_OWN_KEY}. ${fix}`;
  }
  return `No ${PROVIDER_NAMES[target.provider]} API key is set. Set ${PROVIDER_KEY_ENV[target.provider]} on the server or add a key in agent settings.`;
}

/** `stated`: the admin's capabilities, for the primary model only (they describe that server). */
function createAdapter(
  target: ModelTarget,
  apiKey: string | undefined,
  config: ModelConfig,
  options: BuildModelOptions,
  stated?: StatedCapabilities,
): ModelAdapter {
  // The schema guarantees a model id for every provider but the demo.
  const model = target.model ?? "";
  switch (target.provider) {
    case "demo":
      return new DemoModel(options.demo);
    case "anthropic":
      return new AnthropicAdapter({
        model,
        apiKey: apiKey ?? "",
        baseURL: target.baseURL,
        maxTokens: config.maxTokens,
        thinking: config.thinking,
        capabilities: capabilitiesFor("anthropic", model, stated),
        fetch: options.fetch,
      });
    default:
      return createAiSdkAdapter({
        provider: target.provider,
        model,
        apiKey,
        baseURL: target.baseURL,
        maxTokens: config.maxTokens,
        capabilities: stated,
        fetch: options.fetch,
      });
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
    return {
      model: withReliability([new DemoModel(options.demo)], reliability),
      usingDemo: true,
      notices: ["The agent is set to the offline demo model."],
    };
  }
  const primary = resolveKey(config, env);
  if (needsKey(config) && primary.key === undefined) {
    return {
      model: withReliability([new DemoModel(options.demo)], reliability),
      usingDemo: true,
      notices: [`${missingKeyNotice(config, primary.reason, true)} Until then the agent uses the offline demo model.`],
    };
  }

  const notices: string[] = [];
  const models = [createAdapter(config, primary.key, config, options, config.capabilities)];
  for (const fallback of config.fallbacks) {
    const resolved = resolveKey(fallback, env);
    if (needsKey(fallback) && resolved.key === undefined) {
      // Fallbacks hold no key of their own (the settings refuse one), so only the operator's list helps.
      notices.push(
        `The fallback model ${fallback.provider}:${fallback.model} is skipped. ${missingKeyNotice(fallback, resolved.reason, false)}`,
      );
      continue;
    }
    models.push(createAdapter(fallback, resolved.key, config, options));
  }
  const heavy = withReliability(models, reliability);
  const light = config.light && buildLight(config.light, config, primary.key, options, notices);
  const model = light
    ? withRouting(heavy, withReliability([light, ...models], reliability), config.routingThreshold ?? DEFAULT_ROUTING_THRESHOLD)
    : heavy;
  return { model, usingDemo: false, notices };
}

/**
 * The light model of light / heavy routing; its fallbacks are the heavy chain. On the primary's own
 * provider and base URL it uses the team's key (the endpoint the key was given for); elsewhere only
 * the server's, like a fallback. Without a key it is left out, with a notice, and nothing is routed.
 */
function buildLight(
  target: ModelTarget,
  config: ModelConfig,
  primaryKey: string | undefined,
  options: BuildModelOptions,
  notices: string[],
): ModelAdapter | undefined {
  const samePlace = target.provider === config.provider && normalizeUrl(target.baseURL ?? "") === normalizeUrl(config.baseURL ?? "");
  const resolved: KeyResolution = samePlace && primaryKey ? { key: primaryKey } : resolveKey(target, options.env ?? {});
  if (needsKey(target) && resolved.key === undefined) {
    notices.push(
      `The light model ${target.provider}:${target.model} is skipped, so every request goes to the main model. ${missingKeyNotice(target, resolved.reason, false)}`,
    );
    return undefined;
  }
  return createAdapter(target, resolved.key, config, options);
}
