import type { z } from "zod";
import { POST_TO_INBOX_TOOL_NAME, UPDATE_TASKS_TOOL_NAME } from "@/lib/agent";
import { getAgentSettings, saveAgentSettings, type StoredAgentSettings } from "@/lib/db/agent-settings";
import { listFormChoices, liveFormKeys } from "@/lib/db/form-definitions";
import { isAdmin, type TenantContext } from "@/lib/db/tenant-context";
import { modelConfigSchema, PROVIDER_KEY_ENV, type ModelConfig } from "@/lib/models/model-config";
import { buildModel, type BuiltModel } from "@/lib/models/registry";
import {
  MODEL_NOT_SET_UP,
  permissionPolicySchema,
  type agentSettingsInputSchema,
  type AgentSettingsView,
} from "@/lib/schemas/agent-settings";
import { openSecret, sealSecret, SecretUnreadableError } from "@/lib/server/crypto/secret-box";
import { modelEnv, serverEnv, type ServerEnv } from "@/lib/server/env";
import { AppError } from "@/lib/server/http/app-error";
import { BUILTIN_TOOL_NAMES } from "@/lib/tools/catalog";
import { BUILTIN_TOOL_CATALOG } from "@/lib/tools/server";
import { DEFAULT_AGENT_SETTINGS } from "./defaults";
import { serverModelFetch } from "./model-fetch";
import { guardModelUrls, privateModelUrlsAllowed, refuseModelUrl } from "./model-url-guard";

/** The runtime's own tools: always on (tasks and inbox are part of every agent). */
export const ALWAYS_ON_TOOLS = [UPDATE_TASKS_TOOL_NAME, POST_TO_INBOX_TOOL_NAME];

/** A tenant's agent as a run is built from it: the stored settings (or the defaults), validated, with the key opened. */
export interface TenantAgentConfig {
  name: string;
  systemPrompt: string;
  model: ModelConfig;
  providerKey: string | null;
  enabledTools: string[];
  /** Keys of the organization's forms the agent may fill (archiving a form removes its key). */
  enabledForms: string[];
  /** Model ids people may choose per conversation besides `model.model` (conversation-model.ts). */
  allowedModels: string[];
  permissionPolicy: Record<string, "allow" | "deny">;
  slotTtlMinutes: number | null;
  /** Effective tokens per request; null: the runtime's default. */
  requestTokenBudget: number | null;
  /** Problems with what was stored, for the settings page (the run goes on with safe values). */
  notices: string[];
}

const keyContext = (ctx: Pick<TenantContext, "organizationId">) => `provider-key:${ctx.organizationId}`;

export async function loadAgentSettings(ctx: Pick<TenantContext, "organizationId">): Promise<TenantAgentConfig> {
  return agentSettingsFrom(ctx, await getAgentSettings(ctx));
}

/** The settings a run is built from, out of what is stored (null: never saved, the defaults). */
export function agentSettingsFrom(ctx: Pick<TenantContext, "organizationId">, stored: StoredAgentSettings | null): TenantAgentConfig {
  if (!stored) return { ...DEFAULT_AGENT_SETTINGS, providerKey: null, notices: [] };
  const notices: string[] = [];
  const model = modelConfigSchema.safeParse(stored.modelConfig);
  if (!model.success)
    notices.push("The stored model settings are no longer valid, so the demo model answers. Save the model settings again.");
  let providerKey: string | null = null;
  if (stored.providerKeySealed) {
    try {
      providerKey = openSecret(stored.providerKeySealed, keyContext(ctx));
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
      notices.push(error.message);
    }
  }
  const policy = permissionPolicySchema.safeParse(stored.permissionPolicy);
  return {
    name: stored.name,
    systemPrompt: stored.systemPrompt,
    model: model.success ? model.data : DEFAULT_AGENT_SETTINGS.model,
    providerKey,
    enabledTools: stored.enabledTools.filter((name) => BUILTIN_TOOL_NAMES.includes(name)),
    enabledForms: stored.enabledForms,
    allowedModels: stored.allowedModels,
    permissionPolicy: policy.success ? policy.data : {},
    slotTtlMinutes: stored.slotTtlMinutes,
    requestTokenBudget: stored.requestTokenBudget,
    notices,
  };
}

const demoOptions = (env: ServerEnv) => (env.DEMO_MODEL_WORD_DELAY_MS === undefined ? {} : { wordDelayMs: env.DEMO_MODEL_WORD_DELAY_MS });

/**
 * The tenant's model. Its own key (if set) travels in the config; keys of the server's
 * environment are the fallback. No DNS here: the base URLs are checked against the SSRF guard
 * before the first model call (see guardModelUrls), so building an agent only to stop a run,
 * delete a conversation or say which model answers never fails on a URL. `urlsChecked`: the
 * caller just passed `checkModelUrls`, so the first call need not resolve the names again.
 */
export function buildTenantModel(
  settings: TenantAgentConfig,
  env: ServerEnv = serverEnv(),
  options: { urlsChecked?: boolean } = {},
): BuiltModel {
  const config = { ...settings.model, ...(settings.providerKey && { apiKey: settings.providerKey }) };
  const built = buildModel(config, { env: modelEnv(env), demo: demoOptions(env), fetch: serverModelFetch(privateModelUrlsAllowed(env)) });
  const model = options.urlsChecked ? built.model : guardModelUrls(built.model, () => modelUrlRefusal(settings, env));
  return { ...built, model, notices: [...settings.notices, ...built.notices] };
}

/** Throws 422 `model_url_refused` when a base URL of the model or its fallbacks may not be called now. */
export async function checkModelUrls(settings: TenantAgentConfig, env: ServerEnv = serverEnv()): Promise<void> {
  const refused = await modelUrlRefusal(settings, env);
  if (refused) throw new AppError(422, "model_url_refused", refused);
}

async function modelUrlRefusal(settings: TenantAgentConfig, env: ServerEnv): Promise<string | null> {
  for (const url of modelUrls(settings.model)) {
    const refused = await refuseModelUrl(url, env);
    if (refused) return refused;
  }
  return null;
}

const modelUrls = (model: ModelConfig) =>
  [model.baseURL, ...model.fallbacks.map((fallback) => fallback.baseURL), model.light?.baseURL].filter((url): url is string =>
    Boolean(url),
  );

export async function agentSettingsView(ctx: TenantContext): Promise<AgentSettingsView> {
  const [stored, availableForms] = await Promise.all([getAgentSettings(ctx), listFormChoices(ctx)]);
  const settings = agentSettingsFrom(ctx, stored);
  const envName = PROVIDER_KEY_ENV[settings.model.provider];
  const env = serverEnv();
  const built = buildTenantModel(settings, env);
  const refused = await modelUrlRefusal(settings, env);
  return {
    name: settings.name,
    systemPrompt: settings.systemPrompt,
    model: settings.model,
    enabledTools: settings.enabledTools,
    enabledForms: settings.enabledForms,
    allowedModels: settings.allowedModels,
    availableForms,
    permissionPolicy: settings.permissionPolicy,
    slotTtlMinutes: settings.slotTtlMinutes,
    requestTokenBudget: settings.requestTokenBudget,
    providerKeySet: Boolean(stored?.providerKeySealed),
    environmentKeySet: Boolean(envName && modelEnv(env)[envName]?.trim()),
    usingDemoModel: built.usingDemo,
    notices: peoplesNotices(ctx, refused ? [...built.notices, refused] : built.notices),
    availableTools: BUILTIN_TOOL_CATALOG,
  };
}

/** The notices name server variables, keys and URLs: for admins, who act on them; a member reads who can. */
const peoplesNotices = (ctx: TenantContext, notices: string[]) => (isAdmin(ctx) || notices.length === 0 ? notices : [MODEL_NOT_SET_UP]);

type AgentSettingsInput = z.output<typeof agentSettingsInputSchema>;

/** Validates what the schema cannot know (tool names, keys in the wrong place, reachable URLs), then saves. */
export async function updateAgentSettings(ctx: TenantContext & { ip?: string | null }, input: AgentSettingsInput): Promise<void> {
  const issues = [...(await settingsIssues(input)), ...(await formIssues(ctx, input.enabledForms))];
  if (issues.length > 0) {
    throw new AppError(
      422,
      "validation_failed",
      `Fix these fields: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")}`,
      { issues },
    );
  }
  const { apiKey: _none, ...model } = input.model;
  await saveAgentSettings(
    ctx,
    {
      name: input.name,
      systemPrompt: input.systemPrompt,
      modelConfig: {
        ...model,
        fallbacks: model.fallbacks.map(({ apiKey: _key, ...fallback }) => fallback),
        ...(model.light && { light: withoutKey(model.light) }),
      },
      enabledTools: [...new Set(input.enabledTools)],
      enabledForms: input.enabledForms && [...new Set(input.enabledForms)],
      // The agent's own model is always a choice: listing it again stores nothing.
      allowedModels: [...new Set(input.allowedModels)].filter((id) => id !== input.model.model),
      permissionPolicy: input.permissionPolicy,
      slotTtlMinutes: input.slotTtlMinutes,
      requestTokenBudget: input.requestTokenBudget,
      providerKeySealed:
        input.providerApiKey === undefined
          ? undefined
          : input.providerApiKey.trim() === ""
            ? null
            : sealSecret(input.providerApiKey.trim(), keyContext(ctx)),
    },
    ctx.ip,
  );
}

type Issue = { path: string; message: string };

const withoutKey = <T extends { apiKey?: string }>({ apiKey: _key, ...target }: T) => target;

/** Every key must name a form of this organization that is not archived. */
async function formIssues(ctx: TenantContext, keys: string[] | undefined): Promise<Issue[]> {
  if (!keys || keys.length === 0) return [];
  const live = await liveFormKeys(ctx, keys);
  return keys.flatMap((key, index) =>
    live.includes(key)
      ? []
      : [
          {
            path: `enabledForms.${index}`,
            message: `There is no form "${key}" in this organization (or it is archived). Choose one of its forms.`,
          },
        ],
  );
}

async function settingsIssues(input: AgentSettingsInput): Promise<Issue[]> {
  const issues: Issue[] = [];
  const known = [...BUILTIN_TOOL_NAMES, ...ALWAYS_ON_TOOLS];
  input.enabledTools.forEach((name, index) => {
    if (!BUILTIN_TOOL_NAMES.includes(name))
      issues.push({ path: `enabledTools.${index}`, message: `Unknown tool "${name}". Choose among: ${BUILTIN_TOOL_NAMES.join(", ")}.` });
  });
  for (const name of Object.keys(input.permissionPolicy)) {
    if (!known.includes(name)) issues.push({ path: `permissionPolicy.${name}`, message: `Unknown tool "${name}".` });
  }
  if (input.model.apiKey)
    issues.push({ path: "model.apiKey", message: "Send the key in providerApiKey: keys inside the model settings are not stored." });
  input.model.fallbacks.forEach((fallback, index) => {
    if (fallback.apiKey)
      issues.push({ path: `model.fallbacks.${index}.apiKey`, message: "Fallback models use the server's keys; keys here are not stored." });
  });
  if (input.model.light?.apiKey)
    issues.push({ path: "model.light.apiKey", message: "The light model uses the team's key or the server's; keys here are not stored." });
  const urls: Array<[string, string | undefined]> = [
    ["model.baseURL", input.model.baseURL],
    ...input.model.fallbacks.map((fallback, index): [string, string | undefined] => [`model.fallbacks.${index}.baseURL`, fallback.baseURL]),
    ["model.light.baseURL", input.model.light?.baseURL],
  ];
  for (const [path, url] of urls) {
    const refused = url ? await refuseModelUrl(url, serverEnv()) : null;
    if (refused) issues.push({ path, message: refused });
  }
  return issues;
}
