import { Prisma, prisma } from "./client";
import type { TenantContext } from "./tenant-context";

/**
 * The usage page's figures for one month (docs/billing.md#the-usage-page), read from `UsageEntry`
 * (through its (organizationId, createdAt) index) and `UsageMonth`, always within one organization.
 * Numbers only: the plan's limits and the warnings are lib/server/billing/usage-report.ts's.
 */

/** The members and conversations listed per month: the most tokens first. The page says so. */
export const USAGE_TOP_ROWS = 100;

export interface UsageRange {
  /** The month's first instant (UTC), also `UsageMonth.month`. */
  start: Date;
  /** The next month's first instant: entries are counted while `createdAt < end`. */
  end: Date;
  /** The last day `byDay` lists: today in the current month, the month's last day before. */
  lastDay: Date;
}

export interface TokenCounts {
  tokens: number;
  tokensIn: number;
  tokensOut: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export interface UsageFigures {
  /** `UsageMonth`'s counters (what admission compares with the limits); null: nothing was admitted that month. */
  counters: { messages: number; apiRequests: number; tokens: number } | null;
  entries: TokenCounts & { messages: number; apiRequests: number };
  existing: { seats: number; webhookEndpoints: number; forms: number };
  byDay: (TokenCounts & { day: string; messages: number })[];
  byMember: (TokenCounts & { userId: string | null; name: string | null; email: string | null; messages: number })[];
  /** `title` null: the conversation was deleted (soft or purged). */
  byConversation: (TokenCounts & { conversationId: string; title: string | null; messages: number })[];
  byModel: (TokenCounts & { model: string })[];
}

/** One CSV row: a day × member × conversation × model group of the month's entries. */
export interface UsageExportRow extends TokenCounts {
  day: string;
  userId: string | null;
  name: string | null;
  email: string | null;
  conversationId: string | null;
  title: string | null;
  model: string | null;
  messages: number;
  apiRequests: number;
}

type Sums = { tokens_in: bigint; tokens_out: bigint; cache_read: bigint; cache_write: bigint };

// Every aggregate is cast to bigint so the rows have one type; a month's counts fit a JS number.
const SUMS = Prisma.sql`
  COALESCE(SUM(e."tokensIn") FILTER (WHERE e."kind" = 'tokens'), 0)::bigint AS tokens_in,
  COALESCE(SUM(e."tokensOut") FILTER (WHERE e."kind" = 'tokens'), 0)::bigint AS tokens_out,
  COALESCE(SUM(e."cacheReadTokens") FILTER (WHERE e."kind" = 'tokens'), 0)::bigint AS cache_read,
  COALESCE(SUM(e."cacheWriteTokens") FILTER (WHERE e."kind" = 'tokens'), 0)::bigint AS cache_write,
  COUNT(*) FILTER (WHERE e."kind" = 'message')::bigint AS messages,
  COALESCE(SUM(e."tokensIn" + e."tokensOut" + e."cacheReadTokens" + e."cacheWriteTokens") FILTER (WHERE e."kind" = 'tokens'), 0)::bigint AS total_tokens`;

// Output names, not expressions: ORDER BY may name a select's output column only on its own.
const TOKEN_ORDER = Prisma.sql`total_tokens DESC, messages DESC`;

const inMonth = (ctx: TenantContext, range: UsageRange) =>
  Prisma.sql`e."organizationId" = ${ctx.organizationId} AND e."createdAt" >= ${range.start}::timestamp(3) AND e."createdAt" < ${range.end}::timestamp(3)`;

/** A deleted conversation has no title to show; a temporary one's is its owner's alone. */
const CONVERSATION_TITLE = Prisma.sql`CASE WHEN c."id" IS NULL OR c."deletedAt" IS NOT NULL THEN NULL
  WHEN c."temporary" THEN 'Temporary conversation' ELSE c."title" END`;

function tokenCounts(row: Sums): TokenCounts {
  const counts = {
    tokensIn: Number(row.tokens_in),
    tokensOut: Number(row.tokens_out),
    cacheReadTokens: Number(row.cache_read),
    cacheWriteTokens: Number(row.cache_write),
  };
  return { tokens: counts.tokensIn + counts.tokensOut + counts.cacheReadTokens + counts.cacheWriteTokens, ...counts };
}

/** The month's figures. Independent reads side by side: a concurrent entry may show in one and not the next, which a report can bear. */
export async function readUsageFigures(ctx: TenantContext, range: UsageRange): Promise<UsageFigures> {
  const where = inMonth(ctx, range);
  const [counters, totals, existing, byDay, byMember, byConversation, byModel] = await Promise.all([
    prisma.usageMonth.findUnique({
      where: { organizationId_month: { organizationId: ctx.organizationId, month: range.start } },
      select: { messages: true, apiRequests: true, tokens: true },
    }),
    prisma.$queryRaw<(Sums & { messages: bigint; api_requests: bigint })[]>`
      SELECT ${SUMS}, COUNT(*) FILTER (WHERE e."kind" = 'api_request')::bigint AS api_requests
      FROM "UsageEntry" e WHERE ${where}`,
    prisma.$queryRaw<{ seats: bigint; webhook_endpoints: bigint; forms: bigint }[]>`
      SELECT (SELECT COUNT(*) FROM "Membership" WHERE "organizationId" = ${ctx.organizationId})::bigint AS seats,
        (SELECT COUNT(*) FROM "WebhookEndpoint" WHERE "organizationId" = ${ctx.organizationId})::bigint AS webhook_endpoints,
        (SELECT COUNT(*) FROM "FormDefinition" WHERE "organizationId" = ${ctx.organizationId} AND "archivedAt" IS NULL)::bigint AS forms`,
    prisma.$queryRaw<(Sums & { day: string; messages: bigint })[]>`
      WITH days AS (
        SELECT generate_series(${range.start}::timestamp(3), ${range.lastDay}::timestamp(3), interval '1 day') AS day
      ), used AS (
        SELECT date_trunc('day', e."createdAt") AS day, ${SUMS} FROM "UsageEntry" e WHERE ${where} GROUP BY 1
      )
      SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
        COALESCE(used.tokens_in, 0)::bigint AS tokens_in, COALESCE(used.tokens_out, 0)::bigint AS tokens_out,
        COALESCE(used.cache_read, 0)::bigint AS cache_read, COALESCE(used.cache_write, 0)::bigint AS cache_write,
        COALESCE(used.messages, 0)::bigint AS messages
      FROM days LEFT JOIN used ON used.day = days.day ORDER BY days.day`,
    // People who left (or whose account is gone) still show: the join is to User, not Membership.
    prisma.$queryRaw<(Sums & { user_id: string | null; name: string | null; email: string | null; messages: bigint })[]>`
      WITH used AS (
        SELECT e."userId" AS user_id, ${SUMS} FROM "UsageEntry" e
        WHERE ${where} AND e."kind" IN ('tokens', 'message') GROUP BY 1 ORDER BY ${TOKEN_ORDER} LIMIT ${USAGE_TOP_ROWS}
      )
      SELECT used.*, u."name", u."email" FROM used LEFT JOIN "User" u ON u."id" = used.user_id ORDER BY ${TOKEN_ORDER}`,
    prisma.$queryRaw<(Sums & { conversation_id: string; title: string | null; messages: bigint })[]>`
      WITH used AS (
        SELECT e."conversationId" AS conversation_id, ${SUMS} FROM "UsageEntry" e
        WHERE ${where} AND e."conversationId" IS NOT NULL GROUP BY 1 ORDER BY ${TOKEN_ORDER} LIMIT ${USAGE_TOP_ROWS}
      )
      SELECT used.*, ${CONVERSATION_TITLE} AS title FROM used
      LEFT JOIN "Conversation" c ON c."id" = used.conversation_id AND c."organizationId" = ${ctx.organizationId}
      ORDER BY ${TOKEN_ORDER}`,
    prisma.$queryRaw<(Sums & { model: string; messages: bigint })[]>`
      SELECT COALESCE(e."model", 'unknown') AS model, ${SUMS} FROM "UsageEntry" e
      WHERE ${where} AND e."kind" = 'tokens' GROUP BY 1 ORDER BY ${TOKEN_ORDER}, 1`,
  ]);
  const [sum] = totals;
  const [counts] = existing;
  return {
    counters: counters && { messages: counters.messages, apiRequests: counters.apiRequests, tokens: Number(counters.tokens) },
    entries: { ...tokenCounts(sum), messages: Number(sum.messages), apiRequests: Number(sum.api_requests) },
    existing: { seats: Number(counts.seats), webhookEndpoints: Number(counts.webhook_endpoints), forms: Number(counts.forms) },
    byDay: byDay.map((row) => ({ day: row.day, messages: Number(row.messages), ...tokenCounts(row) })),
    byMember: byMember.map((row) => ({
      userId: row.user_id,
      name: row.name,
      email: row.email,
      messages: Number(row.messages),
      ...tokenCounts(row),
    })),
    byConversation: byConversation.map((row) => ({
      conversationId: row.conversation_id,
      title: row.title,
      messages: Number(row.messages),
      ...tokenCounts(row),
    })),
    byModel: byModel.map((row) => ({ model: row.model, ...tokenCounts(row) })),
  };
}

/** Every day × member × conversation × model group of the month, in that order: the CSV export's rows. */
export async function readUsageExportRows(ctx: TenantContext, range: UsageRange): Promise<UsageExportRow[]> {
  const rows = await prisma.$queryRaw<
    (Sums & {
      day: string;
      user_id: string | null;
      conversation_id: string | null;
      model: string | null;
      messages: bigint;
      api_requests: bigint;
      name: string | null;
      email: string | null;
      title: string | null;
    })[]
  >`
    WITH used AS (
      SELECT to_char(date_trunc('day', e."createdAt"), 'YYYY-MM-DD') AS day, e."userId" AS user_id,
        e."conversationId" AS conversation_id, e."model" AS model, ${SUMS},
        COUNT(*) FILTER (WHERE e."kind" = 'api_request')::bigint AS api_requests
      FROM "UsageEntry" e WHERE ${inMonth(ctx, range)} GROUP BY 1, 2, 3, 4
    )
    SELECT used.*, u."name", u."email", CASE WHEN used.conversation_id IS NULL THEN NULL ELSE ${CONVERSATION_TITLE} END AS title
    FROM used
    LEFT JOIN "User" u ON u."id" = used.user_id
    LEFT JOIN "Conversation" c ON c."id" = used.conversation_id AND c."organizationId" = ${ctx.organizationId}
    ORDER BY used.day, u."email" NULLS LAST, used.user_id NULLS LAST, used.conversation_id NULLS LAST, used.model NULLS LAST`;
  return rows.map((row) => ({
    day: row.day,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    conversationId: row.conversation_id,
    title: row.title,
    model: row.model,
    messages: Number(row.messages),
    apiRequests: Number(row.api_requests),
    ...tokenCounts(row),
  }));
}
