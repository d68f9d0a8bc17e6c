import { RUN_VERDICT_STATUS } from "@/lib/agent/events";
import type { RunStatus } from "@/lib/agent/store-adapter";
import { Prisma } from "./generated/client";
import { prisma } from "./client";
import { ms, utcNow } from "./run-leases";

/** A run whose verdict event was never stored, taken by the sweep (`claimOwedVerdicts`). */
export interface OwedVerdict {
  organizationId: string;
  conversationId: string;
  runId: string;
  status: Exclude<RunStatus, "running">;
  error: string | null;
  /** A verdict of this status is stored for the run after all (written before the run moved, e.g. after an outage): nothing to add. */
  stored: boolean;
}

/** SQL: the verdict event's type for the status of run `r`. */
const verdictTypeOfRun = Prisma.raw(
  `CASE r."status" ${Object.entries(RUN_VERDICT_STATUS)
    .map(([type, status]) => `WHEN '${status}' THEN '${type}'`)
    .join(" ")} END`,
);

/**
 * Takes the runs that left `running` more than a lease ago and still owe their verdict event
 * (Run.verdictOwed: the process that moved them died before the recorder stored the event), across
 * every organization, oldest first: each is taken by one sweeper (SKIP LOCKED, cleared as it is
 * taken), which then stores the verdict. A live process whose write is merely slow gets a lease to
 * store it first, as a live run gets a lease before it is failed as dead (run-leases.ts); should it
 * store it later still, the verdict is there twice, which readers take as one.
 */
export async function claimOwedVerdicts(leaseMs: number, limit = 100): Promise<OwedVerdict[]> {
  return prisma.$queryRaw<OwedVerdict[]>`
    WITH owed AS (
      SELECT r."organizationId", r."storeId", r."id", s."conversationId"
      FROM "Run" r JOIN "AgentStore" s ON s."organizationId" = r."organizationId" AND s."id" = r."storeId"
      WHERE r."verdictOwed" AND r."updatedAt" < ${utcNow} - ${ms(leaseMs)}
      ORDER BY r."updatedAt"
      LIMIT ${limit}
      FOR UPDATE OF r SKIP LOCKED
    )
    UPDATE "Run" r SET "verdictOwed" = false
    FROM owed o
    WHERE r."organizationId" = o."organizationId" AND r."storeId" = o."storeId" AND r."id" = o."id"
    RETURNING o."organizationId", o."conversationId", r."id" AS "runId", r."status", r."error",
      EXISTS (
        SELECT 1 FROM "RunEvent" e
        WHERE e."organizationId" = o."organizationId" AND e."conversationId" = o."conversationId"
          AND e."runId" = r."id" AND e."type" = ${verdictTypeOfRun}
      ) AS "stored"`;
}
