import { randomUUID } from "node:crypto";
import { prisma } from "./client";

/**
 * The atomic half of run admission (lib/server/billing/admission.ts decides what the numbers mean).
 * One organization's month is one `UsageMonth` row; every admission of the month goes through it.
 */

/** What the organization may use this month, as the admission compares it. */
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
  limits: AdmissionLimits;
  edge: EdgeRule;
  /** Who the message entry names: the sender, or the API key. */
  userId: string | null;
  apiKeyId: string | null;
  conversationId: string | null;
}

export type UsageAdmission =
  | { admitted: true; holdId: string; entryId: bigint | null }
  | { admitted: false; metric: "messages" | "tokens"; used: number; limit: number; retryWhenIdle: boolean };

type MonthRow = { messages: number; tokens: bigint; held: bigint; holds: number };

/**
 * Admits one run, or says which limit refused it. One transaction per admission: it locks the
 * month row (`FOR UPDATE`, after creating it), then reads the live holds in the statement after the
 * lock, so a run that waited for the lock sees the holds of every run admitted before it (a sum read
 * in the same statement as the lock would come from the snapshot taken before the wait). Every
 * admitted run holds its expected tokens until it releases them: far from the edge (the headroom
 * beside the holds fits `farRuns` more) runs start side by side; nearer, only while nothing else holds.
 */
export async function admitUsage(r: UsageAdmissionRequest): Promise<UsageAdmission> {
  return oneAtATime(r.organizationId, () => admitUnderLock(r));
}

const waiting = new Map<string, Promise<unknown>>();

/**
 * This process's admissions of one organization, one after another. They would wait for the month
 * row's lock anyway; waiting here instead keeps them from each holding a pooled connection while they
 * do (150 parallel messages would take the whole pool, and the last would fail to start a transaction).
 */
function oneAtATime<T>(organizationId: string, work: () => Promise<T>): Promise<T> {
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

async function admitUnderLock(r: UsageAdmissionRequest): Promise<UsageAdmission> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`
      INSERT INTO "UsageMonth" ("organizationId", "month", "updatedAt") VALUES (${r.organizationId}, ${r.month}::date, now())
      ON CONFLICT ("organizationId", "month") DO NOTHING`;
    await tx.$queryRaw`
      SELECT 1 FROM "UsageMonth" WHERE "organizationId" = ${r.organizationId} AND "month" = ${r.month}::date FOR UPDATE`;
    // A new statement after the lock: its snapshot holds every hold committed by the runs before this one.
    const [row] = await tx.$queryRaw<MonthRow[]>`
      SELECT m."messages", m."tokens", coalesce(h.tokens, 0)::bigint AS held, coalesce(h.count, 0)::int AS holds
      FROM "UsageMonth" m
      LEFT JOIN (
        SELECT sum("tokens") AS tokens, count(*) AS count FROM "UsageHold"
        WHERE "organizationId" = ${r.organizationId} AND "expiresAt" > now()
      ) h ON true
      WHERE m."organizationId" = ${r.organizationId} AND m."month" = ${r.month}::date`;
    const messages = row?.messages ?? 0;
    const tokens = Number(row?.tokens ?? 0n);
    const held = Number(row?.held ?? 0n);
    if (r.kind === "message" && messages >= r.limits.messages) return refused("messages", messages, r.limits.messages, false);
    if (tokens >= r.limits.tokenCap) return refused("tokens", tokens, r.limits.tokenCap, false);
    const expected = Math.max(r.edge.floorTokens, Math.floor(tokens / Math.max(messages, 1)));
    const farFromEdge = tokens + held + r.edge.farRuns * expected <= r.limits.tokenCap;
    if (!farFromEdge && (row?.holds ?? 0) > 0) return refused("tokens", tokens, r.limits.tokenCap, true);
    const holdId = randomUUID();
    await tx.$executeRaw`
      INSERT INTO "UsageHold" ("organizationId", "id", "tokens", "expiresAt")
      VALUES (${r.organizationId}, ${holdId}, ${expected}, now() + ${`${r.edge.holdMs} milliseconds`}::interval)`;
    if (r.kind !== "message") return { admitted: true, holdId, entryId: null } as const;
    await tx.$executeRaw`
      UPDATE "UsageMonth" SET "messages" = "messages" + 1, "updatedAt" = now()
      WHERE "organizationId" = ${r.organizationId} AND "month" = ${r.month}::date`;
    const [entry] = await tx.$queryRaw<{ id: bigint }[]>`
      INSERT INTO "UsageEntry" ("organizationId", "kind", "conversationId", "userId", "apiKeyId")
      VALUES (${r.organizationId}, 'message', ${r.conversationId}, ${r.userId}, ${r.apiKeyId}) RETURNING "id"`;
    return { admitted: true, holdId, entryId: entry?.id ?? null } as const;
  });
}

const refused = (metric: "messages" | "tokens", used: number, limit: number, retryWhenIdle: boolean): UsageAdmission => ({
  admitted: false,
  metric,
  used,
  limit,
  retryWhenIdle,
});

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

/** Ends a run's hold: its tokens are counted as used (metered) from now on, not expected. */
export async function releaseUsageHold(organizationId: string, holdId: string): Promise<void> {
  await prisma.usageHold.deleteMany({ where: { organizationId, id: holdId } });
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
