import { Prisma } from "./generated/client";
import { prisma } from "./client";

/** How long a key is remembered: a retry after this runs again (the Stripe window). */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

export interface IdempotencyClaim {
  principalId: string;
  key: string;
  organizationId: string;
  operation: string;
  requestHash: string;
}

export type StoredIdempotency = {
  requestHash: string;
  status: "in_progress" | "done";
  responseStatus: number | null;
  responseBody: unknown;
};

/**
 * A request holds its key only while its handler runs (seconds: a stream is stored when it starts).
 * A key still `in_progress` after this was left by a server that died mid-request: a retry may take it over.
 */
export const ABANDONED_AFTER_SECONDS = 5 * 60;

const windowStart = () => Prisma.sql`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`;
const abandonedBefore = () => Prisma.sql`now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`;

/**
 * Claims the key for this request: null when this request now owns it (an `in_progress` row was
 * inserted), else the row another request left. A row older than the window, or abandoned in
 * progress, counts as absent: it is replaced in the same statement. A few expired rows of anyone are removed on the way (the cheap
 * sweep; the index on createdAt keeps it a range scan).
 */
export async function claimIdempotencyKey(claim: IdempotencyClaim): Promise<StoredIdempotency | null> {
  await prisma.$executeRaw`
    DELETE FROM "IdempotencyKey" WHERE ctid IN (
      SELECT ctid FROM "IdempotencyKey" WHERE "createdAt" < ${windowStart()} LIMIT 100)`;
  const inserted = await prisma.$executeRaw`
    INSERT INTO "IdempotencyKey" ("principalId", "key", "organizationId", "operation", "requestHash", "status", "createdAt")
    VALUES (${claim.principalId}, ${claim.key}, ${claim.organizationId}, ${claim.operation}, ${claim.requestHash}, 'in_progress', now())
    ON CONFLICT ("organizationId", "principalId", "key") DO UPDATE
      SET "operation" = EXCLUDED."operation", "requestHash" = EXCLUDED."requestHash",
          "status" = 'in_progress', "responseStatus" = NULL, "responseBody" = NULL, "createdAt" = now()
      WHERE "IdempotencyKey"."createdAt" < ${windowStart()}
         OR ("IdempotencyKey"."status" = 'in_progress' AND "IdempotencyKey"."createdAt" < ${abandonedBefore()})`;
  if (inserted === 1) return null;
  const row = await prisma.idempotencyKey.findUnique({
    where: { organizationId_principalId_key: { organizationId: claim.organizationId, principalId: claim.principalId, key: claim.key } },
    select: { requestHash: true, status: true, responseStatus: true, responseBody: true },
  });
  // Removed between the two statements (a failed first request let go of it): claim it again.
  if (!row) return claimIdempotencyKey(claim);
  return { ...row, status: row.status === "done" ? "done" : "in_progress" };
}

/** Stores the answer of the request that owns the key, to replay to its retries. */
export async function completeIdempotencyKey(
  organizationId: string,
  principalId: string,
  key: string,
  status: number,
  body: unknown,
): Promise<void> {
  await prisma.idempotencyKey.update({
    where: { organizationId_principalId_key: { organizationId, principalId, key } },
    data: { status: "done", responseStatus: status, responseBody: body === undefined ? Prisma.JsonNull : (body as Prisma.InputJsonValue) },
  });
}

/** Lets go of a key whose request failed on our side, so that a retry runs again. */
export async function releaseIdempotencyKey(organizationId: string, principalId: string, key: string): Promise<void> {
  await prisma.idempotencyKey.deleteMany({ where: { organizationId, principalId, key, status: "in_progress" } });
}
