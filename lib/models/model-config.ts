import { z } from "zod";
import type { ModelCapabilities } from "@/lib/agent/model-adapter";

/**
 * The model configuration of an agent: one schema, used by buildModel and by the agent
 * settings form, so what the form accepts is exactly what the server can build. Imports
 * nothing but zod (and types), so a form can use it without pulling in a provider SDK.
 */

export const DEFAULT_MAX_TOKENS = 8192;

/**
 * For a model id the table does not know (and an OpenAI-compatible server whose admin stated
 * nothing): a small window, so compaction starts early rather than the provider refusing the
 * request, and no images, so a picture is refused with a sentence rather than failing upstream.
 */
export const DEFAULT_CAPABILITIES: ModelCapabilities = {
  context_window: 32_768,
  max_output_tokens: 4_096,
  images: false,
  pdfs: false,
  tools: true,
  reasoning: false,
};

export const MODEL_PROVIDERS = ["anthropic", "openai", "google", "openai-compatible", "anthropic-ai-sdk", "demo"] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

/** Where a provider's key is looked up when the configuration holds none. */
export const PROVIDER_KEY_ENV: Partial<Record<ModelProvider, string>> = {
  anthropic: "ANTHROPIC_API_KEY",
  "anthropic-ai-sdk": "ANTHROPIC_API_KEY",
  openai: "OPENAI_API_KEY",
  google: "GOOGLE_GENERATIVE_AI_API_KEY",
};

// A form sends "" for a field left blank; that means "not set", not "set to nothing".
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
// Control characters and unpaired surrogates are refused like every short field's (lib/schemas/text.ts's
// rule; written here because lib/models imports nothing of the app).
const noControl = (text: string) => !/[\u0000-\u001f\u007f]/.test(text) && text.isWellFormed();
const optionalText = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z.string().trim().min(1).max(max).refine(noControl, "Remove control characters and invalid Unicode from this field.").optional(),
  );

const targetFields = {
  provider: z.enum(MODEL_PROVIDERS),
  /** The provider's model id; not needed for "demo". */
  model: optionalText(200),
  apiKey: optionalText(1000),
  /**
   * For "anthropic" without `/v1` (the Anthropic SDK adds it); for the AI SDK providers with
   * it, e.g. http://localhost:11434/v1 for Ollama. Required for "openai-compatible".
   */
  baseURL: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^https?$/ })
      .refine(noControl, "Remove control characters and invalid Unicode from this field.")
      .optional(),
  ),
};

type TargetFields = { provider: ModelProvider; model?: string; baseURL?: string };

function checkTarget(target: TargetFields, context: z.RefinementCtx): void {
  if (target.provider !== "demo" && !target.model) {
    context.addIssue({ code: "custom", path: ["model"], message: "Choose a model." });
  }
  if (target.provider === "openai-compatible" && !target.baseURL) {
    context.addIssue({ code: "custom", path: ["baseURL"], message: "An OpenAI-compatible server needs its base URL." });
  }
}

export const modelTargetSchema = z.object(targetFields).superRefine(checkTarget);

/**
 * What the admin states about the model (an OpenAI-compatible server, or an id the known-models table
 * lacks); each field set wins over the table and the default (capabilities.ts).
 */
export const statedCapabilitiesSchema = z.object({
  context_window: z.number().int().min(1024).max(10_000_000).optional(),
  max_output_tokens: z.number().int().min(1).max(1_000_000).optional(),
  images: z.boolean().optional(),
  pdfs: z.boolean().optional(),
  tools: z.boolean().optional(),
  reasoning: z.boolean().optional(),
});

export type StatedCapabilities = z.infer<typeof statedCapabilitiesSchema>;

/** A request whose structure scores under this goes to the light model (PicoClaw's default). */
export const DEFAULT_ROUTING_THRESHOLD = 0.35;

export const thinkingSchema = z.union([
  z.literal("off"),
  z.literal("adaptive"),
  z.object({ budgetTokens: z.number().int().min(1024).max(128_000) }),
]);

/** "off" (the default), the API's adaptive thinking, or a fixed thinking budget in tokens. */
export type ThinkingSetting = z.infer<typeof thinkingSchema>;

export const modelConfigSchema = z
  .object({
    ...targetFields,
    /** Tried in order once the primary model's retries are used up. */
    fallbacks: z.array(modelTargetSchema).max(3).default([]),
    maxTokens: z.number().int().min(1).max(128_000).optional(),
    /** Anthropic extended thinking; off unless asked for. */
    thinking: thinkingSchema.default("off"),
    /** Attempts per model, the first included. */
    maxAttempts: z.number().int().min(1).max(10).optional(),
    capabilities: statedCapabilitiesSchema.optional(),
    /** Optional light model: simple requests (routing-score.ts) go to it, the rest to the model above. */
    light: modelTargetSchema.optional(),
    /** Scores under it go to `light` (default DEFAULT_ROUTING_THRESHOLD); 0 sends nothing there. */
    routingThreshold: z.number().min(0).max(1).optional(),
  })
  .superRefine((config, context) => {
    checkTarget(config, context);
    const { thinking, maxTokens } = config;
    if (typeof thinking === "object" && thinking.budgetTokens >= (maxTokens ?? DEFAULT_MAX_TOKENS)) {
      context.addIssue({ code: "custom", path: ["thinking"], message: "The thinking budget must be smaller than the maximum tokens." });
    }
  });

/** What a caller may pass (blank strings, defaults left out). */
export type ModelConfigInput = z.input<typeof modelConfigSchema>;
export type ModelConfig = z.output<typeof modelConfigSchema>;
export type ModelTarget = z.output<typeof modelTargetSchema>;
