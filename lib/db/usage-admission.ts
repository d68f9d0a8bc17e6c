import { Prisma, prisma } from "./client";
import { getPgPool } from "./pg-pool";
import { rawRows } from "./raw-sql";
import type { MonthUsage } from "./usage-warnings";

/**
 * The atomic half of run admission (lib/server/billing/admission.ts decides what the numbers mean).
 * One organization's month is one `UsageMonth` row; every admission of the month goes through it,
 * in the SQL function `handoff_admit_usage` (prisma/migrations/20261202121500_usage_admission_function).
 */

/** What one plan lets a month use, as the admission compares it. */
export interface AdmissionLimits {
  /** Messages in the month; a continuation counts none. */
  messages: number;
  /** Tokens a month may use at all (the allowance, or the hard cap on a plan with overage). */
  tokenCap: number;
}

/** How the token edge is measured (docs/billing.md, "Admission at the edge"). */
export interface EdgeRule {
  /** The least tokens a run is expected to use, whatever the month's average says. */
  floorTokens: number;
  /** Parallel runs the headroom must fit at the expected size to be "far" from the edge (no hold). */
  farRuns: number;
  /** How long a hold lives when its run's server dies before releasing it. */
  holdMs: number;
}

export interface UsageAdmissionRequest {
  organizationId: string;
  month: Date;
  kind: "message" | "continuation";
  /** The app's clock: the plan that applies is decided at it (the grace period). */
  now: Date;
  graceDays: number;
  /** Every plan's limits, by plan key: the function reads which plan applies (OrganizationBilling). */
  limits: Record<string, AdmissionLimits>;
  edge: EdgeRule;
  /** Who the message entry names: the sender, or the API key. */
  userId: string | null;
  apiKeyId: string | null;
  conversationId: string | null;
}

/** The month as the admission saw it under the lock (after its own message), and the plan it applied. */
export interface AdmittedMonth {
  plan: string;
  month: MonthUsage;
  /** Tokens the live holds of other runs stood for. */
  held: number;
  /** Tokens this run is expected to use (its hold). */
  expected: number;
}

export type UsageAdmission =
  | ({ admitted: true; holdId: string; entryId: bigint | null } & AdmittedMonth)
  | { admitted: false; plan: string; metric: "messages" | "tokens"; used: number; limit: number; retryWhenIdle: boolean };
export type UsageRefusal = Extract<UsageAdmission, { admitted: false }>;

/** What `handoff_admit_usage` returns (json). */
export type AdmissionRow = {
  plan: string;
  refusal: { metric: "messages" | "tokens"; used: number; limit: number; retryWhenIdle: boolean } | null;
  holdId: string | null;
  entryId: string | null;
  month: { messages: number; tokens: string; apiRequests: number; warned: string[] };
  held: string;
  expected: number;
};

/**
 * Admits one run, or says which limit refused it: one statement and one commit. Under the month
 * row's lock, the function reads the plan, the month, the live holds and the month's warnings, and
 * every admitted run holds its expected tokens until it releases them: far from the edge (the
 * headroom beside the holds fits `farRuns` more) runs start side by side; nearer, only while nothing
 * else holds.
 */
export async function admitUsage(r: UsageAdmissionRequest): Promise<UsageAdmission> {
  return admissionsOneAtATime(r.organizationId, async () => {
    const [{ admission }] = await rawRows<{ admission: AdmissionRow }>(Prisma.sql`SELECT ${admitUsageCall(r)} AS admission`);
    return usageAdmissionFrom(admission);
  });
}

const waiting = new Map<string, Promise<unknown>>();

/**
 * This process's admissions of one organization, one after another (also those made by a run's
 * start, lib/db/run-start-admission.ts). They would wait for the month row's lock anyway; waiting
 * here instead keeps them from each holding a pooled connection while they do (150 parallel
 * messages of one organization would otherwise take the whole pool from every other query of this
 * process until they are through).
 */
export function admissionsOneAtATime<T>(organizationId: string, work: () => Promise<T>): Promise<T> {
  const next = (waiting.get(organizationId) ?? Promise.resolve()).then(work, work);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  waiting.set(organizationId, settled);
  void settled.then(() => {
    if (waiting.get(organizationId) === settled) waiting.delete(organizationId);
  });
  return next;
}

/**
 * The call of `handoff_admit_usage` for `r`, for a statement to select (it returns an AdmissionRow).
 * The function makes its transaction's commit not wait for the WAL flush: a later durable commit
 * (the run's first event, its message) flushes it too, and a crash before that loses only an
 * admission whose work never got stored.
 */
export function admitUsageCall(r: UsageAdmissionRequest): Prisma.Sql {
  // A zone in a `timestamp` literal is ignored: the ISO string is the UTC time Prisma stores.
  return Prisma.sql`"handoff_admit_usage"(${r.organizationId}, ${dateOf(r.month)}::date, ${r.kind}, ${r.now.toISOString()}::timestamp(3),
    ${r.graceDays}, ${JSON.stringify(r.limits)}::jsonb, ${r.edge.floorTokens}, ${r.edge.farRuns}, ${r.edge.holdMs},
    ${r.userId}, ${r.apiKeyId}, ${r.conversationId})`;
}

export function usageAdmissionFrom(row: AdmissionRow): UsageAdmission {
  if (row.refusal) return { admitted: false, plan: row.plan, ...row.refusal };
  return {
    admitted: true,
    plan: row.plan,
    holdId: row.holdId!,
    entryId: row.entryId === null ? null : BigInt(row.entryId),
    month: { ...row.month, tokens: Number(row.month.tokens), warned: new Set(row.month.warned) },
    held: Number(row.held),
    expected: row.expected,
  };
}

/** `YYYY-MM-DD` of a month's first day: a `date` parameter that no session time zone can shift. */
const dateOf = (month: Date) => month.toISOString().slice(0, 10);

/**
 * Takes back a message that was counted for work that then ended before a run was running (a full
 * queue, a busy edit, a conversation gone): the month's count and its entry go together, with the hold.
 */
export async function refundUsage(organizationId: string, month: Date, holdId: string, entryId: bigint | null): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.usageHold.deleteMany({ where: { organizationId, id: holdId } });
    if (entryId === null) return;
    const removed = await tx.usageEntry.deleteMany({ where: { organizationId, id: entryId, kind: "message" } });
    if (removed.count === 0) return;
    await tx.$executeRaw`
      UPDATE "UsageMonth" SET "messages" = greatest("messages" - 1, 0), "updatedAt" = now()
      WHERE "organizationId" = ${organizationId} AND "month" = ${month}::date`;
  });
}

/** Names the conversation of a message entry written before the conversation existed; an entry that names one keeps it. */
export async function attributeUsageEntry(organizationId: string, entryId: bigint, conversationId: string): Promise<void> {
  await prisma.usageEntry.updateMany({
    where: { organizationId, id: entryId, kind: "message", conversationId: null },
    data: { conversationId },
  });
}

/** The month's counts as they stand, read without a lock (a pre-check; the admission decides). */
export async function readMonthUsage(organizationId: string, month: Date): Promise<{ messages: number; tokens: number }> {
  const row = await prisma.usageMonth.findUnique({
    where: { organizationId_month: { organizationId, month } },
    select: { messages: true, tokens: true },
  });
  return { messages: row?.messages ?? 0, tokens: Number(row?.tokens ?? 0n) };
}

/**
 * Ends a run's hold: its tokens are counted as used (metered) from now on, not expected. One
 * statement on the pool whose commits do not wait for the WAL flush: a hold a crash brings back
 * only stands until it expires, as the hold of a server that died does.
 */
export async function releaseUsageHold(organizationId: string, holdId: string): Promise<void> {
  await getPgPool("counters").query({
    name: "handoff_release_usage_hold",
    text: `DELETE FROM "UsageHold" WHERE "organizationId" = $1 AND "id" = $2`,
    values: [organizationId, holdId],
  });
}

/**
 * Counts one /api/v1 request in the month, in one statement, unless the month's allowance is used
 * up: then nothing is counted and the answer is the count that refused it.
 */
export async function countApiRequest(
  organizationId: string,
  month: Date,
  limit: number,
  apiKeyId: string,
): Promise<{ counted: boolean; used: number }> {
  const rows = await prisma.$queryRaw<{ apiRequests: number | null; counted: boolean }[]>`
    WITH month AS (
      INSERT INTO "UsageMonth" ("organizationId", "month", "apiRequests", "updatedAt")
      VALUES (${organizationId}, ${month}::date, 1, now())
      ON CONFLICT ("organizationId", "month") DO UPDATE
        SET "apiRequests" = "UsageMonth"."apiRequests" + 1, "updatedAt" = now()
        WHERE "UsageMonth"."apiRequests" < ${limit}
      RETURNING "apiRequests"
    ), entry AS (
      INSERT INTO "UsageEntry" ("organizationId", "kind", "apiKeyId")
      SELECT ${organizationId}, 'api_request', ${apiKeyId} FROM month
    )
    SELECT "apiRequests", true AS counted FROM month
    UNION ALL
    SELECT "apiRequests", false AS counted FROM "UsageMonth"
    WHERE "organizationId" = ${organizationId} AND "month" = ${month}::date AND NOT EXISTS (SELECT 1 FROM month)`;
  const row = rows[0];
  // Counted: `used` is the month's count with this request (what the threshold check looks at).
  return row?.counted ? { counted: true, used: row.apiRequests ?? 1 } : { counted: false, used: row?.apiRequests ?? limit };
}
