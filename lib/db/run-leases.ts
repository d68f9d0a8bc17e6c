import { Prisma } from "./generated/client";
import { prisma } from "./client";
import { rawRows } from "./raw-sql";
import { runFinishedEvent, type FinishedRun } from "./outbox";
import type { TenantContext } from "./tenant-context";

/**
 * Leases of running runs. The instance executing a run renews its lease with a heartbeat; a run
 * still `running` whose lease ran out belongs to a server that stopped. Suspended runs are not
 * leased: they wait in the database for an answer, whichever instance receives it.
 *
 * Times are the database's (UTC), so instances with skewed clocks agree on what "expired" means.
 * A run that just became `running` (its `updatedAt` is recent) counts as alive for one lease
 * length even before its first heartbeat.
 */
export const utcNow = Prisma.sql`(now() AT TIME ZONE 'UTC')`;
export const ms = (value: number) => Prisma.sql`make_interval(secs => ${value / 1000}::float8)`;

type Tenant = Pick<TenantContext, "organizationId">;

/** A run `r` that is running and whose lease ran out: what `failRunsWithExpiredLease` fails. */
const leaseExpired = (leaseMs: number) =>
  Prisma.sql`r."status" = 'running' AND GREATEST(COALESCE(r."leaseExpiresAt", '-infinity'::timestamp), r."updatedAt" + ${ms(leaseMs)}) < ${utcNow}`;

/** Takes or renews the lease of a running run of the conversation. False when the run is not running (any more). */
export async function renewRunLease(
  tenant: Tenant,
  conversationId: string,
  runId: string,
  instanceId: string,
  leaseMs: number,
): Promise<boolean> {
  // On the heartbeats pool (pg-pool.ts): never behind the run work of a busy instance.
  const updated = await rawRows(
    Prisma.sql`
    UPDATE "Run" r SET "instanceId" = ${instanceId}, "heartbeatAt" = ${utcNow}, "leaseExpiresAt" = ${utcNow} + ${ms(leaseMs)}
    FROM "AgentStore" s
    WHERE r."storeId" = s."id" AND s."conversationId" = ${conversationId} AND s."namespace" = ''
      AND r."organizationId" = ${tenant.organizationId} AND r."id" = ${runId} AND r."status" = 'running'
    RETURNING 1`,
    "heartbeats",
  );
  return updated.length === 1;
}

export interface ExpiredRun {
  organizationId: string;
  conversationId: string;
  runId: string;
}

/**
 * Marks running runs whose lease expired as failed, with `error`, each announced (`run.failed`) in
 * the same transaction; returns them. Scoped to one conversation, or (no scope) across every
 * tenant, for the periodic sweep.
 */
export async function failRunsWithExpiredLease(
  scope: { organizationId: string; conversationId: string } | null,
  leaseMs: number,
  error: string,
): Promise<ExpiredRun[]> {
  const where = scope
    ? Prisma.sql`AND s."conversationId" = ${scope.conversationId} AND r."organizationId" = ${scope.organizationId}`
    : Prisma.empty;
  return prisma.$transaction(async (tx) => {
    const failed = await tx.$queryRaw<FinishedRun[]>`
      UPDATE "Run" r SET "status" = 'failed', "error" = ${error}, "leaseExpiresAt" = NULL, "updatedAt" = ${utcNow}, "verdictOwed" = true
      FROM "AgentStore" s
      WHERE r."storeId" = s."id" AND s."namespace" = '' AND ${leaseExpired(leaseMs)}
        ${where}
      RETURNING r."organizationId" AS "organizationId", s."conversationId" AS "conversationId", r."id" AS "runId",
                r."startedById" AS "startedById", r."createdAt" AS "createdAt", r."updatedAt" AS "updatedAt", r."error" AS "error"`;
    if (failed.length > 0) await tx.outboxEvent.createMany({ data: failed.map((run) => runFinishedEvent(run, "failed")) });
    return failed.map(({ organizationId, conversationId, runId }) => ({ organizationId, conversationId, runId }));
  });
}

/** SQL, true when a run of conversation `c` (its main store) is running with an expired lease. */
export const hasExpiredRun = (leaseMs: number) => Prisma.sql`EXISTS (
  SELECT 1 FROM "Run" r JOIN "AgentStore" s ON r."storeId" = s."id"
  WHERE s."conversationId" = c."id" AND s."namespace" = '' AND r."organizationId" = c."organizationId" AND ${leaseExpired(leaseMs)}
)`;

/**
 * The conversation's last event number and whether one of its runs has an expired lease (so
 * `failRunsWithExpiredLease` has work), in one read. Null for an unknown or foreign conversation.
 */
export async function readLastEventSeqAndExpiry(
  tenant: Tenant,
  conversationId: string,
  leaseMs: number,
): Promise<{ lastEventSeq: number; expiredRun: boolean } | null> {
  const rows = await prisma.$queryRaw<{ lastEventSeq: bigint; expiredRun: boolean }[]>`
    SELECT c."lastEventSeq" AS "lastEventSeq", ${hasExpiredRun(leaseMs)} AS "expiredRun"
    FROM "Conversation" c
    WHERE c."id" = ${conversationId} AND c."organizationId" = ${tenant.organizationId}`;
  return rows[0] ? { lastEventSeq: Number(rows[0].lastEventSeq), expiredRun: rows[0].expiredRun } : null;
}
