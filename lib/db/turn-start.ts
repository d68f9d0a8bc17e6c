import { Prisma } from "./client";
import { rawRows } from "./raw-sql";
import { storedAgentSettings, type AgentSettingsColumns, type StoredAgentSettings } from "./agent-settings";
import { hasExpiredRun } from "./run-leases";
import type { TenantContext } from "./tenant-context";
import type { RoleName } from "@/lib/schemas/account";
import type { PromptFacts } from "./prompt-facts";
import { sessionCurrentColumn, type SessionKey } from "./sessions";

/** Which of the organization's own tools exist, so a turn of a team without any reads none (conversation-agent.ts). */
export interface TeamTools {
  http: boolean;
  connectors: boolean;
}

/** What a person's message needs before its run can start, read in one statement. */
export interface TurnStart {
  ctx: TenantContext;
  /** The conversation's last event number: the message's stream starts after it. */
  lastEventSeq: number;
  /** A run of the conversation has an expired lease (its server died): recover it first. */
  expiredRun: boolean;
  /** The conversation's agent store, when it has one (conversations are created with it). */
  storeId: string | null;
  /** The organization's stored agent settings; null when it never saved any. */
  settings: StoredAgentSettings | null;
  /** The model a person chose for the conversation; null: the agent's. */
  modelName: string | null;
  /** What the system prompt says about the organization and the person who wrote (lib/db/prompt-facts.ts), read here. */
  promptFacts: PromptFacts;
  /** Whether the organization has enabled HTTP tools and enabled connector tools: the agent reads them only then. */
  teamTools: TeamTools;
  /** With `session` asked about: whether it is still honoured (sessions.ts), read in the same statement. */
  sessionCurrent?: boolean;
}

/** The settings' columns are null when the organization never saved any (the LEFT JOIN found nothing). */
type TurnStartRow = {
  role: string;
  organizationId: string;
  orgSlug: string;
  lastEventSeq: bigint;
  expiredRun: boolean;
  storeId: string | null;
  modelName: string | null;
  organizationName: string;
  userName: string;
  hasHttpTools: boolean;
  hasConnectorTools: boolean;
  sessionCurrent: boolean | null;
} & {
  [K in keyof AgentSettingsColumns]: AgentSettingsColumns[K] | null;
};

/**
 * The user's tenant context for the conversation (its organization, if the user is a member),
 * together with the conversation's event position, dead-run flag, agent store and the
 * organization's agent settings and stored subscription, the prompt's facts and whether the team has tools of its own:
 * what `conversationContext`, `readLastEventSeqAndExpiry`, `PostgresStore.open`, `getAgentSettings`,
 * `readPromptFacts`, `listHttpTools` and `listConnectors` read one after the other, in one round trip before the first
 * token. Null for an unknown conversation and for one of another organization alike. With `session`
 * (the user's), also whether that session is still honoured: the session check of the request, in
 * this statement instead of one of its own.
 */
export async function readTurnStart(
  userId: string,
  conversationId: string,
  leaseMs: number,
  session?: SessionKey,
): Promise<TurnStart | null> {
  const rows = await rawRows<TurnStartRow>(Prisma.sql`
    SELECT m."role"::text AS "role", o."id" AS "organizationId", o."slug" AS "orgSlug", c."lastEventSeq", c."modelName",
      ${hasExpiredRun(leaseMs)} AS "expiredRun",
      (SELECT s."id" FROM "AgentStore" s WHERE s."conversationId" = c."id" AND s."organizationId" = c."organizationId" AND s."namespace" = '') AS "storeId",
      st."name", st."systemPrompt", st."modelConfig", st."providerKeyEncrypted", st."enabledTools", st."enabledForms", st."allowedModels", st."permissionPolicy", st."slotTtlMinutes", st."requestTokenBudget", st."updatedAt",
      o."name" AS "organizationName", u."name" AS "userName",
      EXISTS (SELECT 1 FROM "HttpTool" h WHERE h."organizationId" = o."id" AND h."enabled") AS "hasHttpTools",
      EXISTS (SELECT 1 FROM "ConnectorTool" t WHERE t."organizationId" = o."id") AS "hasConnectorTools",
      ${session ? sessionCurrentColumn("u", session) : Prisma.sql`NULL::boolean`} AS "sessionCurrent"
    FROM "Conversation" c
    JOIN "Organization" o ON o."id" = c."organizationId"
    JOIN "Membership" m ON m."organizationId" = o."id" AND m."userId" = ${userId}
    JOIN "User" u ON u."id" = m."userId"
    LEFT JOIN "AgentSettings" st ON st."organizationId" = o."id"
    WHERE c."id" = ${conversationId} AND c."deletedAt" IS NULL
    LIMIT 1`);
  const row = rows[0];
  if (!row) return null;
  return {
    ctx: { userId, organizationId: row.organizationId, orgSlug: row.orgSlug, role: row.role as RoleName },
    lastEventSeq: Number(row.lastEventSeq),
    expiredRun: row.expiredRun,
    storeId: row.storeId,
    modelName: row.modelName,
    settings: row.updatedAt === null ? null : storedAgentSettings(row as AgentSettingsColumns),
    promptFacts: { organizationName: row.organizationName, person: { name: row.userName, role: row.role } },
    teamTools: { http: row.hasHttpTools, connectors: row.hasConnectorTools },
    ...(row.sessionCurrent !== null && { sessionCurrent: row.sessionCurrent }),
  };
}
