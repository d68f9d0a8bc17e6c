import { prisma } from "./client";
import { recordAudit } from "./audit";
import type { AgentSettings, Prisma } from "./generated/client";
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
  permissionPolicy: unknown;
  slotTtlMinutes: number | null;
  updatedAt: string;
}

export interface AgentSettingsWrite {
  name: string;
  systemPrompt: string;
  modelConfig: Prisma.InputJsonValue;
  enabledTools: string[];
  permissionPolicy: Prisma.InputJsonValue;
  slotTtlMinutes: number | null;
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
  AgentSettings,
  "name" | "systemPrompt" | "modelConfig" | "providerKeyEncrypted" | "enabledTools" | "permissionPolicy" | "slotTtlMinutes" | "updatedAt"
>;

export function storedAgentSettings(row: AgentSettingsColumns): StoredAgentSettings {
  return {
    name: row.name,
    systemPrompt: row.systemPrompt,
    modelConfig: row.modelConfig,
    providerKeySealed: row.providerKeyEncrypted,
    enabledTools: row.enabledTools,
    permissionPolicy: row.permissionPolicy,
    slotTtlMinutes: row.slotTtlMinutes,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Creates or replaces the settings, and writes an audit entry (which never holds the key). */
export async function saveAgentSettings(ctx: TenantContext, settings: AgentSettingsWrite, ip?: string | null): Promise<void> {
  const { providerKeySealed, ...fields } = settings;
  const key = providerKeySealed === undefined ? {} : { providerKeyEncrypted: providerKeySealed };
  await prisma.$transaction(async (tx) => {
    await tx.agentSettings.upsert({
      where: { organizationId: ctx.organizationId },
      create: { organizationId: ctx.organizationId, ...fields, ...key, updatedById: ctx.userId },
      update: { ...fields, ...key, updatedById: ctx.userId },
    });
    const providerKey = providerKeySealed === undefined ? "unchanged" : providerKeySealed === null ? "cleared" : "set";
    await recordAudit(
      { organizationId: ctx.organizationId, actorId: ctx.userId, action: "agent_settings.updated", metadata: { providerKey, enabledTools: fields.enabledTools }, ip },
      tx,
    );
  });
}
