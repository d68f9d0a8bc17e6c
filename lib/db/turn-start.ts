import { Prisma } from "./client";
import { rawRows } from "./raw-sql";
import { storedAgentSettings, type AgentSettingsColumns, type StoredAgentSettings } from "./agent-settings";
import { hasExpiredRun } from "./run-leases";
import type { TenantContext } from "./tenant-context";
import type { RoleName } from "@/lib/schemas/account";
import type { PromptFacts } from "./prompt-facts";
import { sessionCurrentColumn, type SessionKey } from "./sessions";
import { countOnceOnConflict, windowEnd, type CounterState, type CountOnce } from "./rate-counters";

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

/** The message rates a turn start counts in its own statement (rate-counters.ts): keys as rate-limiter-flexible stores them. */
export interface TurnCounting extends CountOnce {
  /** The sender's counter, counted whether or not the conversation is found (as the sender's rate always was). */
  userKey: string | null;
  /** The organization's counter is this prefix and the conversation's organization id; counted only for a member whose session is current. */
  organizationKeyPrefix: string | null;
}

export interface CountedTurnStart {
  turn: TurnStart | null;
  /** Each counter as counted, null when it was not (not asked for, or the turn start found nothing). */
  user: CounterState | null;
  organization: CounterState | null;
}

/**
 * The user's tenant context for the conversation (its organization, if the user is a member),
 * together with the conversation's event position, dead-run flag, agent store and the
 * organization's agent settings and stored subscription, the prompt's facts and whether the team has tools of its own:
 * what `conversationContext`, `readLastEventSeqAndExpiry`, `PostgresStore.open`, `getAgentSettings`,
 * `readPromptFacts`, `listHttpTools` and `listConnectors` read one after the other, in one round trip before the first
 * token. `turn` is null for an unknown conversation and for one of another organization alike. With `session`
 * (the user's), also whether that session is still honoured: the session check of the request, in
 * this statement instead of one of its own. And it counts the message's rates (`counting`), in the
 * same statement and commit: one round trip where the turn start and the two counters took three.
 * On the counters pool, whose commits do not wait for the WAL flush (pg-pool.ts): the statement
 * writes nothing but the counters.
 */
export async function countAndReadTurnStart(
  userId: string,
  conversationId: string,
  leaseMs: number,
  session: SessionKey | undefined,
  counting: TurnCounting,
): Promise<CountedTurnStart> {
  const expire = windowEnd(counting);
  // The turn's columns beside the counts, typed as a plain SELECT's: null throughout when it found nothing.
  const rows = await rawRows<Nullable<TurnStartRow> & { userCount: CounterState | null; organizationCount: CounterState | null }>(
    Prisma.sql`
    WITH turn AS (${turnStartQuery(userId, conversationId, leaseMs, session)}),
    user_count AS (
      INSERT INTO "rate_limits" SELECT ${counting.userKey}::text, 1, ${expire}::bigint WHERE ${counting.userKey}::text IS NOT NULL
      ${countOnceOnConflict(counting)}
    ),
    organization_count AS (
      INSERT INTO "rate_limits" SELECT ${counting.organizationKeyPrefix}::text || t."organizationId", 1, ${expire}::bigint FROM turn t
      WHERE ${counting.organizationKeyPrefix}::text IS NOT NULL AND t."sessionCurrent" IS NOT FALSE
      ${countOnceOnConflict(counting)}
    )
    SELECT t.*, (SELECT row_to_json(u) FROM user_count u) AS "userCount", (SELECT row_to_json(o) FROM organization_count o) AS "organizationCount"
    FROM (SELECT 1) AS one LEFT JOIN turn t ON true`,
    "counters",
  );
  const { userCount, organizationCount, ...row } = rows[0];
  return {
    turn: row.organizationId === null ? null : turnStart(userId, row as TurnStartRow),
    user: userCount,
    organization: organizationCount,
  };
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

function turnStartQuery(userId: string, conversationId: string, leaseMs: number, session?: SessionKey): Prisma.Sql {
  return Prisma.sql`
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
    LIMIT 1`;
}

function turnStart(userId: string, row: TurnStartRow): TurnStart {
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
