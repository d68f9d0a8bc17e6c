import { readUsageFigures, type TokenCounts, type UsageRange } from "@/lib/db/usage-report";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { UsageReport } from "@/lib/schemas/billing";
import { AppError } from "@/lib/server/http/app-error";
import { currentPlan } from "./current-plan";
import { LIMIT_METRICS, type PlanLimits } from "./plans";
import { monthKey, monthStart, nextMonthStart, parseMonthKey } from "./usage-month";

/** How far back the usage page goes; older entries are kept, only not reported. */
export const USAGE_MONTHS_BACK = 24;
/** The shares of a monthly limit that warn (docs/billing.md). */
export const WARNING_PERCENTS = [100, 80] as const;

const DAY_MS = 86_400_000;

/** `?month=YYYY-MM` (default: this month) within the last 24 months; anything else is 400 with what to send. */
export function usageMonthOf(query: string | null, now: Date): Date {
  if (query === null) return monthStart(now);
  const month = parseMonthKey(query);
  const oldest = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - USAGE_MONTHS_BACK, 1));
  if (!month || month > monthStart(now) || month < oldest) {
    throw new AppError(
      400,
      "invalid_month",
      `month must be a month as YYYY-MM from ${monthKey(oldest)} to ${monthKey(now)}, not "${query.slice(0, 20)}".`,
    );
  }
  return month;
}

/** The months `usageMonthOf` accepts, newest first: the month picker's options, from the server's clock rather than the browser's. */
export function usageMonths(now: Date): string[] {
  return Array.from({ length: USAGE_MONTHS_BACK + 1 }, (_, i) =>
    monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))),
  );
}

/** The month's bounds; its days run to today in the current month. */
export function usageRange(month: Date, now: Date): UsageRange {
  const end = nextMonthStart(month);
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start: month, end, lastDay: today < end ? today : new Date(end.getTime() - DAY_MS) };
}

const finite = (value: number) => (Number.isFinite(value) ? value : null);

function limitsOf(limits: PlanLimits): UsageReport["limits"] {
  return Object.fromEntries(LIMIT_METRICS.map((metric) => [metric, finite(limits[metric])])) as UsageReport["limits"];
}

/** The monthly metrics at or over a threshold, each with the highest one it reached. */
export function usageWarnings(used: Record<"messages" | "tokens" | "apiRequests", number>, limits: UsageReport["limits"]) {
  return (["messages", "tokens", "apiRequests"] as const).flatMap((metric) => {
    const limit = limits[metric];
    if (limit === null) return [];
    const percent = WARNING_PERCENTS.find((share) => used[metric] * 100 >= share * limit);
    return percent ? [{ metric, percent }] : [];
  });
}

const wireTokens = (counts: TokenCounts) => ({
  tokens: counts.tokens,
  tokens_in: counts.tokensIn,
  tokens_out: counts.tokensOut,
  cache_read_tokens: counts.cacheReadTokens,
  cache_write_tokens: counts.cacheWriteTokens,
});

/**
 * The usage report of one month against the limits that apply now. Messages and API requests are
 * `UsageMonth`'s counters (the numbers admission refuses by), the entries' sums when a month has
 * none. Tokens, their total as well as its four parts and every breakdown, are the entries' alone,
 * so the total is always the sum of what the page breaks it into: `UsageMonth.tokens` is written
 * from the same inserted entries in the same statement (lib/db/token-metering.ts), so the two agree,
 * and the entries are the one of them that can be broken down.
 */
export async function usageReport(ctx: TenantContext, month: Date, now: Date = new Date()): Promise<UsageReport> {
  const range = usageRange(month, now);
  const [figures, plan] = await Promise.all([readUsageFigures(ctx, range), currentPlan(ctx.organizationId, now)]);
  const counted = figures.counters ?? figures.entries;
  const used = { messages: counted.messages, apiRequests: counted.apiRequests, tokens: figures.entries.tokens };
  const limits = limitsOf(plan.limits);
  return {
    month: monthKey(month),
    months: usageMonths(now),
    period: { start: range.start.toISOString(), end: range.end.toISOString() },
    plan: plan.effective?.plan ?? null,
    limits,
    totals: {
      messages: used.messages,
      api_requests: used.apiRequests,
      seats: figures.existing.seats,
      webhook_endpoints: figures.existing.webhookEndpoints,
      forms: figures.existing.forms,
      ...wireTokens(figures.entries),
    },
    warnings: usageWarnings(used, limits),
    by_day: figures.byDay.map((day) => ({ day: day.day, messages: day.messages, ...wireTokens(day) })),
    by_member: figures.byMember.map((member) => ({
      user_id: member.userId,
      name: member.name,
      email: member.email,
      messages: member.messages,
      ...wireTokens(member),
    })),
    by_conversation: figures.byConversation.map((row) => ({
      conversation_id: row.conversationId,
      title: row.title,
      messages: row.messages,
      ...wireTokens(row),
    })),
    by_model: figures.byModel.map((row) => ({ model: row.model, ...wireTokens(row) })),
  };
}
