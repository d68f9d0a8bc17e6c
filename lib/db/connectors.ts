import { randomUUID } from "node:crypto";
import { recordAudit } from "./audit";
import { prisma } from "./client";
import { Prisma, type Connector, type ConnectorAuthMode, type ConnectorTool } from "./generated/client";
import { forgetToolGrants } from "./permissions";
import type { TenantContext } from "./tenant-context";

/**
 * An organization's MCP connectors (docs/connectors.md): the connector, the tools an admin enabled,
 * the people's own tokens. Tokens arrive sealed (lib/server seals them with the row in the context,
 * so a sealer gets the id) and are read back only by the catalog. Every change is audited in its
 * transaction, never with a token in it.
 */

export type ConnectorRow = Connector & { tools: ConnectorTool[] };
/** Seals a token for the connector with this id. */
export type TokenSealer = (connectorId: string) => string;
/** The organization a read is for (the catalog has no acting person). */
export type TenantScope = Pick<TenantContext, "organizationId">;

/** The longest last-error sentence kept: a server's error text is not ours to store whole. */
export const MAX_LAST_ERROR_CHARS = 500;

const withTools = { tools: { orderBy: { name: "asc" } } } satisfies Prisma.ConnectorInclude;

export async function listConnectors(tenant: TenantScope): Promise<ConnectorRow[]> {
  return prisma.connector.findMany({
    where: { organizationId: tenant.organizationId },
    include: withTools,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

export async function findConnector(tenant: TenantScope, connectorId: string): Promise<ConnectorRow | null> {
  return prisma.connector.findFirst({ where: { id: connectorId, organizationId: tenant.organizationId }, include: withTools });
}

/** The ids of the connectors this person has a token for. */
export async function connectedConnectorIds(tenant: TenantScope, userId: string): Promise<Set<string>> {
  const rows = await prisma.connectorCredential.findMany({
    where: { organizationId: tenant.organizationId, userId },
    select: { connectorId: true },
  });
  return new Set(rows.map((row) => row.connectorId));
}

export interface ConnectorFields {
  name: string;
  title: string;
  url: string;
  authMode: ConnectorAuthMode;
  timeoutMs: number;
  maxResultChars: number;
}

const auditFields = (row: Connector) => ({
  connectorId: row.id,
  name: row.name,
  url: row.url,
  authMode: row.authMode,
  sharedToken: row.sharedTokenSealed !== null,
});

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** "name_taken" when the organization has a connector of that name. `seal` only for the shared token. */
export async function createConnector(
  ctx: TenantContext,
  fields: ConnectorFields,
  seal: TokenSealer | null,
  ip?: string | null,
): Promise<ConnectorRow | "name_taken"> {
  // Our own id (not Prisma's default) because the sealed token's context names it.
  const id = randomUUID().replaceAll("-", "");
  try {
    return await prisma.$transaction(async (tx) => {
      const row = await tx.connector.create({
        data: { id, organizationId: ctx.organizationId, ...fields, sharedTokenSealed: seal?.(id) ?? null, createdById: ctx.userId },
        include: withTools,
      });
      await recordAudit(
        {
          organizationId: ctx.organizationId,
          actorId: ctx.userId,
          action: "connector.created",
          target: row.title,
          metadata: auditFields(row),
          ip,
        },
        tx,
      );
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "name_taken";
    throw error;
  }
}

export type ConnectorPatch = Partial<Omit<ConnectorFields, "name" | "url">> & {
  /** A sealer sets a new shared token, null removes it, absent keeps it. */
  sharedToken?: TokenSealer | null;
};

/**
 * Changes what `patch` names. The name stays (it is in the agent's tool names), and so does the URL (people's
 * tokens were given for that server). Null when the organization has no such connector.
 */
export async function updateConnector(
  ctx: TenantContext,
  connectorId: string,
  patch: ConnectorPatch,
  ip?: string | null,
): Promise<ConnectorRow | null> {
  const { sharedToken, ...fields } = patch;
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.connector.updateMany({
      where: { id: connectorId, organizationId: ctx.organizationId },
      data: { ...fields, ...(sharedToken !== undefined && { sharedTokenSealed: sharedToken?.(connectorId) ?? null }) },
    });
    if (count === 0) return null;
    const row = await tx.connector.findUniqueOrThrow({
      where: { organizationId_id: { organizationId: ctx.organizationId, id: connectorId } },
      include: withTools,
    });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "connector.updated",
        target: row.title,
        metadata: { ...auditFields(row), changed: Object.keys(patch) },
        ip,
      },
      tx,
    );
    return row;
  });
}

/** Deletes a connector with its enabled tools and everyone's tokens (cascade). False when there is none. */
export async function deleteConnector(ctx: TenantContext, connectorId: string, ip?: string | null): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const where = { id: connectorId, organizationId: ctx.organizationId };
    const row = await tx.connector.findFirst({ where });
    if (!row) return false;
    await tx.connector.deleteMany({ where });
    await forgetToolGrants(tx, ctx.organizationId, { prefix: `${row.name}__` });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "connector.deleted",
        target: row.title,
        metadata: auditFields(row),
        ip,
      },
      tx,
    );
    return true;
  });
}

export interface ToolSetting {
  enabled: boolean;
  /** When enabling without it: `!readOnlyHint`. Kept when the tool stays enabled and it is absent. */
  requiresPermission?: boolean;
}

/** Enables (or changes) or disables one tool; the caller checked that the server lists it. Null when there is no such connector. */
export async function setConnectorTool(
  ctx: TenantContext,
  connectorId: string,
  tool: { name: string; readOnlyHint: boolean },
  setting: ToolSetting,
  ip?: string | null,
): Promise<ConnectorRow | null> {
  return prisma.$transaction(async (tx) => {
    const connector = await tx.connector.findFirst({ where: { id: connectorId, organizationId: ctx.organizationId } });
    if (!connector) return null;
    const key = { organizationId_connectorId_name: { organizationId: ctx.organizationId, connectorId, name: tool.name } };
    if (setting.enabled) {
      await tx.connectorTool.upsert({
        where: key,
        create: {
          organizationId: ctx.organizationId,
          connectorId,
          name: tool.name,
          requiresPermission: setting.requiresPermission ?? !tool.readOnlyHint,
        },
        update: setting.requiresPermission === undefined ? {} : { requiresPermission: setting.requiresPermission },
      });
    } else {
      await tx.connectorTool.deleteMany({ where: { organizationId: ctx.organizationId, connectorId, name: tool.name } });
    }
    const row = await tx.connector.findUniqueOrThrow({
      where: { organizationId_id: { organizationId: ctx.organizationId, id: connectorId } },
      include: withTools,
    });
    const enabled = row.tools.find((entry) => entry.name === tool.name);
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: enabled ? "connector.tool_enabled" : "connector.tool_disabled",
        target: `${row.name}__${tool.name}`,
        metadata: { connectorId, tool: tool.name, ...(enabled && { requiresPermission: enabled.requiresPermission }) },
        ip,
      },
      tx,
    );
    return row;
  });
}

/** The tool list as just fetched from the server: cached, and the connector healthy as of `at`. */
export async function storeToolList(tenant: TenantScope, connectorId: string, tools: unknown[], at = new Date()): Promise<void> {
  await prisma.connector.updateMany({
    where: { id: connectorId, organizationId: tenant.organizationId },
    data: { toolsCache: tools as Prisma.InputJsonValue, toolsFetchedAt: at, lastOkAt: at },
  });
}

/** Records one exchange with the server: a success, or the failure's sentence (capped). */
export async function recordConnectorHealth(tenant: TenantScope, connectorId: string, failure: string | null, at = new Date()) {
  await prisma.connector.updateMany({
    where: { id: connectorId, organizationId: tenant.organizationId },
    data: failure === null ? { lastOkAt: at } : { lastErrorAt: at, lastError: failure.slice(0, MAX_LAST_ERROR_CHARS) },
  });
}

/** The person's sealed token for the connector, or null. */
export async function findCredential(tenant: TenantScope, connectorId: string, userId: string): Promise<string | null> {
  const row = await prisma.connectorCredential.findFirst({
    where: { organizationId: tenant.organizationId, connectorId, userId },
    select: { tokenSealed: true },
  });
  return row?.tokenSealed ?? null;
}

/** The person's sealed refresh token for the connector (an OAuth sign-in), or null. */
export async function findRefreshToken(tenant: TenantScope, connectorId: string, userId: string): Promise<string | null> {
  const row = await prisma.connectorCredential.findFirst({
    where: { organizationId: tenant.organizationId, connectorId, userId },
    select: { refreshTokenSealed: true },
  });
  return row?.refreshTokenSealed ?? null;
}

/**
 * Sets the acting person's own token (replacing theirs); `signIn` when it came from an OAuth sign-in,
 * with its refresh token if the server gave one (a pasted token has none). False when there is no such connector.
 */
export async function setCredential(
  ctx: TenantContext,
  connectorId: string,
  tokenSealed: string,
  ip?: string | null,
  signIn?: { refreshTokenSealed: string | null },
): Promise<boolean> {
  const refreshTokenSealed = signIn?.refreshTokenSealed ?? null;
  return prisma.$transaction(async (tx) => {
    const connector = await tx.connector.findFirst({ where: { id: connectorId, organizationId: ctx.organizationId } });
    if (!connector) return false;
    await tx.connectorCredential.upsert({
      where: { organizationId_connectorId_userId: { organizationId: ctx.organizationId, connectorId, userId: ctx.userId } },
      create: { organizationId: ctx.organizationId, connectorId, userId: ctx.userId, tokenSealed, refreshTokenSealed },
      update: { tokenSealed, refreshTokenSealed },
    });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "connector.credential_set",
        target: connector.title,
        metadata: { connectorId, via: signIn ? "sign_in" : "token" },
        ip,
      },
      tx,
    );
    return true;
  });
}

/** Removes the acting person's token. False when there is no such connector; removing none is still true. */
export async function deleteCredential(ctx: TenantContext, connectorId: string, ip?: string | null): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const connector = await tx.connector.findFirst({ where: { id: connectorId, organizationId: ctx.organizationId } });
    if (!connector) return false;
    const { count } = await tx.connectorCredential.deleteMany({ where: { connectorId, userId: ctx.userId } });
    if (count > 0) {
      await recordAudit(
        {
          organizationId: ctx.organizationId,
          actorId: ctx.userId,
          action: "connector.credential_removed",
          target: connector.title,
          metadata: { connectorId },
          ip,
        },
        tx,
      );
    }
    return true;
  });
}

/**
 * Whose per-person token a connector call uses: the person who last answered one of this call's cards
 * (approved it, or reconnected), else the person who started the run; null when neither is known. So a
 * call runs on the account of the person whose action made it run, never on someone else's.
 */
export async function callActor(tenant: TenantScope, runId: string, callId: string): Promise<string | null> {
  const rows = await prisma.$queryRaw<{ actor: string | null }[]>`
    SELECT COALESCE(
      (SELECT s."answeredById" FROM "Slot" s
        WHERE s."storeId" = r."storeId" AND s."callId" = ${callId} AND s."answeredById" IS NOT NULL
        ORDER BY s."settledAt" DESC NULLS LAST LIMIT 1),
      r."startedById") AS actor
    FROM "Run" r WHERE r."id" = ${runId} AND r."organizationId" = ${tenant.organizationId}`;
  return rows[0]?.actor ?? null;
}

/** A refreshed sign-in of a person (no audit: the person signed in once; this keeps it alive). */
export async function replaceRefreshedCredential(
  tenant: TenantScope,
  connectorId: string,
  userId: string,
  tokenSealed: string,
  refreshTokenSealed: string,
): Promise<void> {
  await prisma.connectorCredential.updateMany({
    where: { organizationId: tenant.organizationId, connectorId, userId },
    data: { tokenSealed, refreshTokenSealed },
  });
}

/** Stores the OAuth client registered for the connector (sealed JSON). */
export async function storeOAuthClient(tenant: TenantScope, connectorId: string, oauthClientSealed: string): Promise<void> {
  await prisma.connector.updateMany({ where: { id: connectorId, organizationId: tenant.organizationId }, data: { oauthClientSealed } });
}
