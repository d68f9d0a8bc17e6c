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
import { admittedThisMonth } from "./admitted-organizations";
import { currentPlan } from "./current-plan";
import { billingMode } from "./mode";
import { PLANS, type PlanKey, type PlanLimits } from "./plans";
import { monthKey, monthStart } from "./usage-month";
import { usageWarningEmail } from "./usage-warning-email";

export const USAGE_THRESHOLDS = [80, 100] as const satisfies readonly UsagePercent[];

/**
 * The metered metrics a warning is told for, with the limit each is compared with. Tokens twice on a
 * plan with overage: the included allowance (above it tokens are billed) and the hard cap (at it
 * answers stop); a warning's key holds its limit, so the two are told apart.
 */
const METERED: ReadonlyArray<{
  metric: UsageMetric;
  limit: (limits: PlanLimits, hardCap: number) => number;
  used: (usage: MonthUsage) => number;
}> = [
  { metric: "messages", limit: (limits) => limits.messages, used: (usage) => usage.messages },
  { metric: "tokens", limit: (limits) => limits.tokens, used: (usage) => usage.tokens },
  { metric: "tokens", limit: (limits, hardCap) => (hardCap > limits.tokens ? hardCap : Number.NaN), used: (usage) => usage.tokens },
  { metric: "api_requests", limit: (limits) => limits.apiRequests, used: (usage) => usage.apiRequests },
];

/** Whether the count `used` (just incremented by one) is the one that reached a threshold of `limit`: a cheap test before a full check. */
export function crossesThreshold(used: number, limit: number): boolean {
  if (!Number.isFinite(limit) || limit <= 0) return false;
  return USAGE_THRESHOLDS.some((percent) => used * 100 >= limit * percent && (used - 1) * 100 < limit * percent);
}

export interface ReachedThreshold {
  metric: UsageMetric;
  percent: UsagePercent;
  used: number;
  limit: number;
}

/**
 * Every threshold this month's usage has reached (used ≥ percent of the limit), told or not; none
 * for a limit that is not a positive number. `tokensHardCap`: the plan's (Pro's 200M), warned at too
 * when it lies above the allowance.
 */
export function reachedThresholds(usage: MonthUsage, limits: PlanLimits, tokensHardCap = Number.NaN): ReachedThreshold[] {
  return METERED.flatMap(({ metric, limit: limitOf, used: usedOf }) => {
    const limit = limitOf(limits, tokensHardCap);
    const used = usedOf(usage);
    if (!Number.isFinite(limit) || limit <= 0) return [];
    return USAGE_THRESHOLDS.filter((percent) => used * 100 >= limit * percent).map((percent) => ({ metric, percent, used, limit }));
  });
}

/**
 * Whether a threshold not told yet is within reach of the month as an admission saw it: reached
 * already, or reached once the runs going now (`tokensAhead`: the live holds and the far-from-the-edge
 * margin of `farRuns` runs of the expected size) have used their tokens. Only then does the run's end
 * check (admission.ts); a run that uses more than that margin by itself is told at the next run's end.
 */
export function untoldThresholdWithinReach(usage: MonthUsage, plan: PlanKey, tokensAhead: number): boolean {
  const { limits, tokensHardCap } = PLANS[plan];
  return reachedThresholds({ ...usage, tokens: usage.tokens + tokensAhead }, limits, tokensHardCap).some(
    (reached) => !usage.warned.has(warningKey(reached.metric, reached.percent, reached.limit)),
  );
}

/**
 * Why a check runs. `agent_done`: an agent's work ended (open-turn.ts); skipped, with no read, for an
 * organization this process admitted a run for this month, whose admissions check when a threshold
 * is within reach (admitted-organizations.ts). `within_reach`: one was, or an API request reached one.
 */
export type ThresholdCheckCause = "agent_done" | "within_reach";

/**
 * Tells the organization's owners, once per month, metric, threshold and limit (a plan change
 * mid-month is a new limit, so Pro's 80% is told after Free's), that this month's usage reached 80%
 * or 100% of its plan's limit (tokens on Pro: of the allowance and of the hard cap): an email to each owner in the demo mailbox and a
 * `usage.threshold` webhook event, written with the warning row (lib/db/usage-warnings.ts). Nothing
 * with `BILLING=off`. Two reads when it runs (the plan, the month's usage with its warnings); the owners
 * are read only when a threshold not told yet was reached. Returns what it recorded.
 */
export async function checkUsageThresholds(
  organizationId: string,
  now: Date = new Date(),
  cause: ThresholdCheckCause = "agent_done",
): Promise<ReachedThreshold[]> {
  if (billingMode() === "off") return [];
  if (cause === "agent_done" && admittedThisMonth(organizationId, now)) return [];
  const month = monthStart(now);
  const [{ effective, limits }, usage] = await Promise.all([currentPlan(organizationId, now), readMonthUsage(organizationId, month)]);
  if (!effective) return [];
  const hardCap = PLANS[effective.plan].tokensHardCap;
  const due = reachedThresholds(usage, limits, hardCap).filter(
    (reached) => !usage.warned.has(warningKey(reached.metric, reached.percent, reached.limit)),
  );
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
    limit,
    emails: recipients.owners.map((owner) => ({
      key: `usage:${key}:${metric}:${percent}:${limit}:${owner.id}`,
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
