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
  | { admitted: true; holdId: string | null }
  | { admitted: false; metric: "messages" | "tokens"; used: number; limit: number; retryWhenIdle: boolean };

type FastRow = { messages: number };
type MonthRow = { messages: number; tokens: bigint };

/**
 * Admits one run, or says which limit refused it. Far from the token edge this is one statement: a
 * conditional upsert of the month row that counts the message (and writes its entry) only when the
 * message fits and the token headroom beside the live holds fits `farRuns` runs of the expected size;
 * an UPDATE that waited for the row's lock re-checks its WHERE against the newest row version, so
 * parallel messages at the last one cannot both pass. Otherwise a transaction locks the row
 * (`FOR UPDATE`, after the fast statement created it) and decides with the live holds in view: a run
 * at the edge is admitted only while no other edge run holds tokens, and takes a hold itself.
 */
export async function admitUsage(request: UsageAdmissionRequest): Promise<UsageAdmission> {
  if (await admitFarFromEdge(request)) return { admitted: true, holdId: null };
  return admitAtEdge(request);
}

async function admitFarFromEdge(r: UsageAdmissionRequest): Promise<boolean> {
  const counted = r.kind === "message" ? 1 : 0;
  // Both limits are finite here (billing on); a new month's first run is always far from its edge.
  const rows = await prisma.$queryRaw<FastRow[]>`
    WITH held AS (
      SELECT coalesce(sum("tokens"), 0)::bigint AS tokens FROM "UsageHold"
      WHERE "organizationId" = ${r.organizationId} AND "expiresAt" > now()
    ), month AS (
      INSERT INTO "UsageMonth" ("organizationId", "month", "messages", "updatedAt")
      VALUES (${r.organizationId}, ${r.month}::date, ${counted}, now())
      ON CONFLICT ("organizationId", "month") DO UPDATE
        SET "messages" = "UsageMonth"."messages" + ${counted}, "updatedAt" = now()
        WHERE (${counted} = 0 OR "UsageMonth"."messages" + 1 <= ${r.limits.messages})
          AND "UsageMonth"."tokens" + (SELECT tokens FROM held)
            + ${r.edge.farRuns}::bigint * greatest(${r.edge.floorTokens}::bigint, "UsageMonth"."tokens" / greatest("UsageMonth"."messages", 1))
            <= ${r.limits.tokenCap}::bigint
      RETURNING "messages"
    ), entry AS (
      INSERT INTO "UsageEntry" ("organizationId", "kind", "conversationId", "userId", "apiKeyId")
      SELECT ${r.organizationId}, 'message', ${r.conversationId}, ${r.userId}, ${r.apiKeyId}
      FROM month WHERE ${counted} = 1
    )
    SELECT "messages" FROM month`;
  return rows.length > 0;
}

async function admitAtEdge(r: UsageAdmissionRequest): Promise<UsageAdmission> {
  return prisma.$transaction(async (tx) => {
    // The fast statement inserted the row if it was missing; lock it so edge decisions are taken one at a time.
    const [row] = await tx.$queryRaw<MonthRow[]>`
      SELECT "messages", "tokens" FROM "UsageMonth"
      WHERE "organizationId" = ${r.organizationId} AND "month" = ${r.month}::date FOR UPDATE`;
    const messages = row?.messages ?? 0;
    const tokens = Number(row?.tokens ?? 0n);
    if (r.kind === "message" && messages >= r.limits.messages) return refused("messages", messages, r.limits.messages, false);
    if (tokens >= r.limits.tokenCap) return refused("tokens", tokens, r.limits.tokenCap, false);
    const [held] = await tx.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM "UsageHold" WHERE "organizationId" = ${r.organizationId} AND "expiresAt" > now()`;
    if ((held?.count ?? 0) > 0) return refused("tokens", tokens, r.limits.tokenCap, true);
    const expected = Math.max(r.edge.floorTokens, Math.floor(tokens / Math.max(messages, 1)));
    const holdId = randomUUID();
    await tx.$executeRaw`
      INSERT INTO "UsageHold" ("organizationId", "id", "tokens", "expiresAt")
      VALUES (${r.organizationId}, ${holdId}, ${expected}, now() + ${`${r.edge.holdMs} milliseconds`}::interval)`;
    if (r.kind === "message") {
      await tx.$executeRaw`
        UPDATE "UsageMonth" SET "messages" = "messages" + 1, "updatedAt" = now()
        WHERE "organizationId" = ${r.organizationId} AND "month" = ${r.month}::date`;
      await tx.$executeRaw`
        INSERT INTO "UsageEntry" ("organizationId", "kind", "conversationId", "userId", "apiKeyId")
        VALUES (${r.organizationId}, 'message', ${r.conversationId}, ${r.userId}, ${r.apiKeyId})`;
    }
    return { admitted: true, holdId } as const;
  });
}

const refused = (metric: "messages" | "tokens", used: number, limit: number, retryWhenIdle: boolean): UsageAdmission => ({
  admitted: false,
  metric,
  used,
  limit,
  retryWhenIdle,
});

/** Ends an edge run's hold: the next edge run may start. */
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
