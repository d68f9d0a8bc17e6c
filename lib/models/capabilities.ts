import type { ModelCapabilities } from "@/lib/agent/model-adapter";
import { DEFAULT_CAPABILITIES, type ModelProvider } from "./model-config";

/**
 * What the known models can do, from the providers' model pages. A model id matches an entry exactly
 * or as a dated / tagged snapshot of it ("claude-sonnet-4-5-20250929", "gpt-4o-2024-08-06"); the
 * longest matching entry wins, so "gpt-4o-mini" is not read as "gpt-4o".
 */

const claude = (context_window: number, max_output_tokens: number, reasoning = true): ModelCapabilities => ({
  context_window,
  max_output_tokens,
  images: true,
  pdfs: true,
  tools: true,
  reasoning,
});
const vision = (context_window: number, max_output_tokens: number, reasoning: boolean): ModelCapabilities => ({
  context_window,
  max_output_tokens,
  images: true,
  // OpenAI's and Google's vision models read PDFs as file parts (the AI SDK's `file`).
  pdfs: true,
  tools: true,
  reasoning,
});

const ANTHROPIC: Record<string, ModelCapabilities> = {
  "claude-opus-4-5": claude(200_000, 64_000),
  "claude-sonnet-4-5": claude(200_000, 64_000),
  "claude-haiku-4-5": claude(200_000, 64_000),
  "claude-opus-4-1": claude(200_000, 32_000),
  "claude-opus-4": claude(200_000, 32_000),
  "claude-sonnet-4": claude(200_000, 64_000),
  "claude-3-7-sonnet": claude(200_000, 64_000),
  "claude-3-5-sonnet": claude(200_000, 8_192, false),
  "claude-3-5-haiku": claude(200_000, 8_192, false),
};

const OPENAI: Record<string, ModelCapabilities> = {
  "gpt-5": vision(400_000, 128_000, true),
  "gpt-5-mini": vision(400_000, 128_000, true),
  "gpt-5-nano": vision(400_000, 128_000, true),
  "gpt-4.1": vision(1_047_576, 32_768, false),
  "gpt-4.1-mini": vision(1_047_576, 32_768, false),
  "gpt-4.1-nano": vision(1_047_576, 32_768, false),
  "gpt-4o": vision(128_000, 16_384, false),
  "gpt-4o-mini": vision(128_000, 16_384, false),
  o3: vision(200_000, 100_000, true),
  "o4-mini": vision(200_000, 100_000, true),
  "o3-mini": { context_window: 200_000, max_output_tokens: 100_000, images: false, tools: true, reasoning: true },
  "gpt-3.5-turbo": { context_window: 16_385, max_output_tokens: 4_096, images: false, tools: true, reasoning: false },
};

const GOOGLE: Record<string, ModelCapabilities> = {
  "gemini-2.5-pro": vision(1_048_576, 65_536, true),
  "gemini-2.5-flash": vision(1_048_576, 65_536, true),
  "gemini-2.5-flash-lite": vision(1_048_576, 65_536, true),
  "gemini-2.0-flash": vision(1_048_576, 8_192, false),
  "gemini-2.0-flash-lite": vision(1_048_576, 8_192, false),
  "gemini-1.5-pro": vision(2_097_152, 8_192, false),
  "gemini-1.5-flash": vision(1_048_576, 8_192, false),
};

export const KNOWN_MODELS: Partial<Record<ModelProvider, Record<string, ModelCapabilities>>> = {
  anthropic: ANTHROPIC,
  "anthropic-ai-sdk": ANTHROPIC,
  openai: OPENAI,
  google: GOOGLE,
};

/** The offline demo model: it takes images and PDFs (and says it cannot see them) and has compaction's old window. */
export const DEMO_CAPABILITIES: ModelCapabilities = {
  context_window: 100_000,
  max_output_tokens: 8_192,
  images: true,
  pdfs: true,
  tools: true,
  reasoning: false,
};

function matches(modelId: string, known: string): boolean {
  return modelId === known || (modelId.startsWith(known) && /^[-@:]/.test(modelId.slice(known.length)));
}

/** The table's entry for a model, or undefined when the id is not known. */
export function knownCapabilities(provider: ModelProvider, modelId: string): ModelCapabilities | undefined {
  const table = KNOWN_MODELS[provider];
  if (!table) return undefined;
  const id = modelId.trim().toLowerCase();
  const match = Object.keys(table)
    .filter((known) => matches(id, known))
    .sort((a, b) => b.length - a.length)[0];
  return match ? table[match] : undefined;
}

/** What the admin stated in settings wins over the table, the table over the default. */
export function capabilitiesFor(
  provider: ModelProvider,
  modelId: string | undefined,
  stated?: Partial<ModelCapabilities>,
): ModelCapabilities {
  if (provider === "demo") return DEMO_CAPABILITIES;
  const base = (modelId && knownCapabilities(provider, modelId)) || DEFAULT_CAPABILITIES;
  return { ...base, ...definedOnly(stated ?? {}) };
}

function definedOnly(stated: Partial<ModelCapabilities>): Partial<ModelCapabilities> {
  return Object.fromEntries(Object.entries(stated).filter(([, value]) => value !== undefined)) as Partial<ModelCapabilities>;
}
