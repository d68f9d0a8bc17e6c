import { prisma } from "./client";
import { recordAudit } from "./audit";
import { sameJson } from "./same-json";
import type { AgentSettings as AgentSettingsRow, Prisma } from "./generated/client";
import type { TenantContext } from "./tenant-context";

/**
 * A tenant's stored agent settings, as stored: the model configuration is JSON the server
 * validates when it reads it, and the provider key stays sealed (lib/server/crypto opens it).
 */
export interface StoredAgentSettings {
  name: string;
  systemPrompt: string;
  modelConfig: unknown;
  providerKeySealed: string | null;
  enabledTools: string[];
  enabledForms: string[];
  /** Model ids people may choose per conversation, besides the agent's own. */
  allowedModels: string[];
  permissionPolicy: unknown;
  slotTtlMinutes: number | null;
  requestTokenBudget: number | null;
  updatedAt: string;
}

export interface AgentSettingsWrite {
  name: string;
  systemPrompt: string;
  modelConfig: Prisma.InputJsonValue;
  enabledTools: string[];
  /** Form keys; undefined leaves them as they are (a new row starts with none). */
  enabledForms?: string[];
  /** Undefined leaves them as they are (a new row starts with none). */
  allowedModels?: string[];
  permissionPolicy: Prisma.InputJsonValue;
  slotTtlMinutes: number | null;
  requestTokenBudget: number | null;
  /** A sealed key sets it, null clears it, undefined leaves it as it is. */
  providerKeySealed?: string | null;
}

/** Null when the organization never saved settings (the server then uses its defaults). */
export async function getAgentSettings(ctx: Pick<TenantContext, "organizationId">): Promise<StoredAgentSettings | null> {
  const row = await prisma.agentSettings.findUnique({ where: { organizationId: ctx.organizationId } });
  return row ? storedAgentSettings(row) : null;
}

/** The columns of an `AgentSettings` row the server reads, as stored. */
export type AgentSettingsColumns = Pick<
  AgentSettingsRow,
  | "name"
  | "systemPrompt"
  | "modelConfig"
  | "providerKeyEncrypted"
  | "enabledTools"
  | "enabledForms"
  | "allowedModels"
  | "permissionPolicy"
  | "slotTtlMinutes"
  | "requestTokenBudget"
  | "updatedAt"
>;

export function storedAgentSettings(row: AgentSettingsColumns): StoredAgentSettings {
  return {
    name: row.name,
    systemPrompt: row.systemPrompt,
    modelConfig: row.modelConfig,
    providerKeySealed: row.providerKeyEncrypted,
    enabledTools: row.enabledTools,
    enabledForms: row.enabledForms,
    allowedModels: row.allowedModels,
    permissionPolicy: row.permissionPolicy,
    slotTtlMinutes: row.slotTtlMinutes,
    requestTokenBudget: row.requestTokenBudget,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Creates or replaces the settings, and writes an audit entry of what changed (compared with the row
 * read under lock in the same transaction): the fields' names, the provider and model, the tools and
 * their policy, whether the system prompt changed and whether the key was set or cleared. Never the
 * key, never the prompt's text.
 */
export async function saveAgentSettings(ctx: TenantContext, settings: AgentSettingsWrite, ip?: string | null): Promise<void> {
  const { providerKeySealed, ...fields } = settings;
  const key = providerKeySealed === undefined ? {} : { providerKeyEncrypted: providerKeySealed };
  await prisma.$transaction(async (tx) => {
    const [before] = await tx.$queryRaw<Array<Omit<AgentSettingsWrite, "providerKeySealed">>>`
      SELECT "name", "systemPrompt", "modelConfig", "enabledTools", "enabledForms", "allowedModels", "permissionPolicy", "slotTtlMinutes", "requestTokenBudget"
      FROM "AgentSettings" WHERE "organizationId" = ${ctx.organizationId} FOR UPDATE`;
    await tx.agentSettings.upsert({
      where: { organizationId: ctx.organizationId },
      create: { organizationId: ctx.organizationId, ...fields, ...key, updatedById: ctx.userId },
      update: { ...fields, ...key, updatedById: ctx.userId },
    });
    const providerKey = providerKeySealed === undefined ? "unchanged" : providerKeySealed === null ? "cleared" : "set";
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "agent_settings.updated",
        metadata: settingsChanges(before ?? null, fields, providerKey),
        ip,
      },
      tx,
    );
  });
}

type SettingsFields = Omit<AgentSettingsWrite, "providerKeySealed">;

/** What an admin reviewing the audit log needs of a settings change. Before the first save there is no row: every field counts as changed. */
function settingsChanges(before: SettingsFields | null, after: SettingsFields, providerKey: "set" | "cleared" | "unchanged") {
  const fields = (Object.keys(after) as Array<keyof SettingsFields>).filter((field) => after[field] !== undefined);
  const changed = fields.filter((field) => !before || !sameJson(before[field], after[field]));
  if (providerKey !== "unchanged") changed.push("providerApiKey" as keyof SettingsFields);
  const model = (config: unknown) => {
    const { provider, model: id } = (config ?? {}) as { provider?: string; model?: string };
    return { provider: provider ?? null, model: id ?? null };
  };
  return {
    changed,
    firstSave: before === null,
    ...model(after.modelConfig),
    ...(before && changed.includes("modelConfig") && { previous: model(before.modelConfig) }),
    providerKey,
    enabledTools: after.enabledTools,
    ...(after.enabledForms !== undefined && { enabledForms: after.enabledForms }),
    permissionPolicy: after.permissionPolicy,
    systemPromptChanged: changed.includes("systemPrompt"),
  };
}
