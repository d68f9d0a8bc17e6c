import { z } from "zod";
import { DEFAULT_REQUEST_BUDGET } from "@/lib/agent/budget";
import { modelConfigSchema } from "@/lib/models/model-config";
import { freeText, shortText, trimmedText } from "./text";

/**
 * A tenant's agent: what an admin edits on the agent settings page and what every run is built
 * from. The provider key is write-only: the server stores it encrypted and answers only whether one is set.
 */

export const DEFAULT_SYSTEM_PROMPT =
  "You are the team's assistant in Handoff. Be concise. Use the tools you have; ask a person with a card when you need a decision.";

/** What a member reads where an admin reads the settings' technical notices (variables, keys, URLs). */
export const MODEL_NOT_SET_UP = "The agent's model is not set up. Ask an admin to check Settings → Agent.";

/** The agent name's maximum length (the settings form's `maxLength`). */
export const AGENT_NAME_MAX = 80;
/** The longest a card may wait, in minutes (30 days; the settings form's `max`). */
export const SLOT_TTL_MINUTES_MAX = 60 * 24 * 30;

/** A request's effective-token budget when the agent names none, and the range an admin may set (the settings form's `min`/`max`). */
export const REQUEST_TOKEN_BUDGET_DEFAULT = DEFAULT_REQUEST_BUDGET;
export const REQUEST_TOKEN_BUDGET_MIN = 1_000;
export const REQUEST_TOKEN_BUDGET_MAX = 100_000_000;

export const permissionPolicySchema = z.record(shortText().max(100), z.enum(["allow", "deny"]));

export const agentSettingsInputSchema = z.object({
  name: trimmedText().min(1, "Give the agent a name.").max(AGENT_NAME_MAX).default("Assistant"),
  // Free text: pasted prompts keep their text (NUL removed, unpaired surrogates replaced).
  systemPrompt: freeText()
    .pipe(z.string().max(20_000, "The system prompt may be at most 20,000 characters."))
    .default(DEFAULT_SYSTEM_PROMPT),
  /** Without `apiKey`: keys travel in `providerApiKey` and are never echoed back. */
  model: modelConfigSchema.default({ provider: "demo", fallbacks: [], thinking: "off" }),
  /** Names of the built-in tools this agent may use. */
  enabledTools: z.array(shortText().max(100)).max(100),
  /** Tools allowed or denied without a card. */
  permissionPolicy: permissionPolicySchema.default({}),
  /** Pending cards expire after this many minutes; null: never. */
  slotTtlMinutes: z.number().int().min(1).max(SLOT_TTL_MINUTES_MAX).nullable().default(null),
  /** Effective tokens one request may spend (lib/agent/budget.ts); null: the default. */
  requestTokenBudget: z
    .number()
    .int("The budget is a whole number of effective tokens.")
    .min(REQUEST_TOKEN_BUDGET_MIN, `The budget must be at least ${REQUEST_TOKEN_BUDGET_MIN.toLocaleString("en-US")} effective tokens.`)
    .max(REQUEST_TOKEN_BUDGET_MAX, `The budget may be at most ${REQUEST_TOKEN_BUDGET_MAX.toLocaleString("en-US")} effective tokens.`)
    .nullable()
    .default(null),
  /**
   * Model ids of the configured provider that people may choose per conversation, besides the
   * agent's own model (which is always a choice). Empty: everyone talks to the agent's model.
   */
  allowedModels: z.array(trimmedText().min(1, "Enter a model id.").max(200)).max(20, "Allow at most 20 models.").default([]),
  /** Keys of the organization's forms the agent may fill (not archived). Absent leaves them as they are. */
  enabledForms: z.array(shortText().max(100)).max(200).optional(),
  /** Write-only. A string sets the key, "" clears it, absent leaves it as it is. */
  providerApiKey: shortText().max(1000).optional(),
});
export type AgentSettingsInput = z.input<typeof agentSettingsInputSchema>;

/** `GET`/`PUT /api/orgs/:slug/agent` answer `{ settings }` of this shape (parsed: small, and parsing drops whatever else the settings carry). */
export const agentSettingsViewSchema = z.object({
  name: z.string(),
  systemPrompt: z.string(),
  model: modelConfigSchema,
  enabledTools: z.array(z.string()),
  permissionPolicy: z.record(z.string(), z.enum(["allow", "deny"])),
  slotTtlMinutes: z.number().int().nullable(),
  /** Effective tokens per request; null: REQUEST_TOKEN_BUDGET_DEFAULT. */
  requestTokenBudget: z.number().int().nullable(),
  /** Whether a provider key is stored for this tenant (the key itself never leaves the server). */
  providerKeySet: z.boolean(),
  /** Whether the server's environment has a key for the chosen provider. */
  environmentKeySet: z.boolean(),
  usingDemoModel: z.boolean(),
  /** Sentences for the page: why the demo model answers, what to set. */
  notices: z.array(z.string()),
  /** Keys of the forms the agent may fill. */
  enabledForms: z.array(z.string()),
  /** Model ids people may choose per conversation besides the agent's own. */
  allowedModels: z.array(z.string()),
  /** The organization's forms that are not archived, for the checkboxes. */
  availableForms: z.array(z.object({ key: z.string(), name: z.string() })),
  /** Every built-in tool, for the checkboxes. */
  availableTools: z.array(z.object({ name: z.string(), description: z.string(), requiresPermission: z.boolean() })),
});
export type AgentSettingsView = z.output<typeof agentSettingsViewSchema>;
export const agentSettingsResponseSchema = z.object({ settings: agentSettingsViewSchema });
export type AgentSettingsResponse = z.infer<typeof agentSettingsResponseSchema>;
