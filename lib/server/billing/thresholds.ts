import {
  readMonthUsage,
  readUsageRecipients,
  recordUsageWarnings,
  warningKey,
  type MonthUsage,
  type UsageMetric,
  type UsagePercent,
  type UsageWarningNotice,
} from "@/lib/db/usage-warnings";
import { serverEnv } from "@/lib/server/env";
import { currentPlan } from "./current-plan";
import { billingMode } from "./mode";
import type { PlanKey, PlanLimits } from "./plans";
import { monthKey, monthStart } from "./usage-month";
import { usageWarningEmail } from "./usage-warning-email";

export const USAGE_THRESHOLDS = [80, 100] as const satisfies readonly UsagePercent[];

/** The metered metrics a warning is told for, with the limit each is compared with (tokens: the included allowance). */
const METERED: ReadonlyArray<{ metric: UsageMetric; limit: keyof PlanLimits; used: (usage: MonthUsage) => number }> = [
  { metric: "messages", limit: "messages", used: (usage) => usage.messages },
  { metric: "tokens", limit: "tokens", used: (usage) => usage.tokens },
  { metric: "api_requests", limit: "apiRequests", used: (usage) => usage.apiRequests },
];

export interface ReachedThreshold {
  metric: UsageMetric;
  percent: UsagePercent;
  used: number;
  limit: number;
}

/** Every threshold this month's usage has reached (used ≥ percent of the limit), told or not; none for a limit that is not a positive number. */
export function reachedThresholds(usage: MonthUsage, limits: PlanLimits): ReachedThreshold[] {
  return METERED.flatMap(({ metric, limit: key, used: usedOf }) => {
    const limit = limits[key];
    const used = usedOf(usage);
    if (!Number.isFinite(limit) || limit <= 0) return [];
    return USAGE_THRESHOLDS.filter((percent) => used * 100 >= limit * percent).map((percent) => ({ metric, percent, used, limit }));
  });
}

/**
 * Tells the organization's owners, once per month, metric and threshold, that this month's usage
 * reached 80% or 100% of its plan's limit: an email to each owner in the demo mailbox and a
 * `usage.threshold` webhook event, written with the warning row (lib/db/usage-warnings.ts). Nothing
 * with `BILLING=off`. Usually two reads (the plan, the month's usage with its warnings); the owners
 * are read only when a threshold not told yet was reached. Returns what it recorded.
 */
export async function checkUsageThresholds(organizationId: string, now: Date = new Date()): Promise<ReachedThreshold[]> {
  if (billingMode() === "off") return [];
  const month = monthStart(now);
  const [{ effective, limits }, usage] = await Promise.all([currentPlan(organizationId, now), readMonthUsage(organizationId, month)]);
  if (!effective) return [];
  const due = reachedThresholds(usage, limits).filter((reached) => !usage.warned.has(warningKey(reached.metric, reached.percent)));
  if (due.length === 0) return [];
  const recipients = await readUsageRecipients(organizationId);
  if (!recipients) return [];
  const notices = due.map((reached) => noticeOf(reached, effective.plan, month, recipients));
  const recorded = await recordUsageWarnings(organizationId, month, notices, now);
  return recorded.map(({ metric, percent, event }) => ({ metric, percent, used: event.used, limit: event.limit }));
}

function noticeOf(
  reached: ReachedThreshold,
  plan: PlanKey,
  month: Date,
  recipients: NonNullable<Awaited<ReturnType<typeof readUsageRecipients>>>,
): UsageWarningNotice {
  const { metric, percent, used, limit } = reached;
  const path = `/${recipients.slug}/settings/usage`;
  const appUrl = serverEnv().APP_URL;
  const usageUrl = appUrl ? new URL(path, appUrl).toString() : path;
  const key = monthKey(month);
  return {
    metric,
    percent,
    emails: recipients.owners.map((owner) => ({
      key: `usage:${key}:${metric}:${percent}:${owner.id}`,
      to: owner.email,
      ...usageWarningEmail({
        organizationName: recipients.name,
        ownerName: owner.name,
        metric,
        percent,
        used,
        limit,
        plan,
        month,
        usageUrl,
      }),
    })),
    event: { metric, percent, used, limit, month: key, plan },
  };
}
