import type { RoleName } from "@/lib/schemas/account";
import type { PlanLimitDetails } from "@/lib/schemas/billing";
import { AppError, paymentRequired } from "@/lib/server/http/app-error";
import { PLANS, type LimitMetric, type PlanKey } from "./plans";

/** Who is refused: an owner is offered the upgrade, everyone else is told to ask one. */
export interface Refused {
  orgSlug: string | null;
  role: RoleName | null;
}

/** When to try a run refused at the token edge again: the answer holding the last tokens is usually done by then. */
export const EDGE_RETRY_AFTER_SECONDS = 10;

const number = (value: number) => value.toLocaleString("en-US");

/** What the limit is, in words ("300 messages a month"). */
const WHAT: Record<LimitMetric, (limit: number) => string> = {
  messages: (limit) => `${number(limit)} messages a month`,
  tokens: (limit) => `${number(limit)} model tokens a month`,
  seats: (limit) => `${number(limit)} members`,
  apiRequests: (limit) => `${number(limit)} API requests a month`,
  webhookEndpoints: (limit) => `${number(limit)} webhook endpoints`,
  forms: (limit) => `${number(limit)} forms`,
};

/** Monthly limits reset; the others are counts of what exists. */
const MONTHLY = new Set<LimitMetric>(["messages", "tokens", "apiRequests"]);

/**
 * The 402 of a plan limit: which limit, that a monthly one resets on the 1st (UTC), and for owners the
 * way up ("Upgrade to Pro", `upgrade_path` the billing page); others are told to ask an owner. A
 * refusal at the token edge (`retry_when_idle`) says to try again soon, with `Retry-After`.
 */
export function planLimitError(
  refused: Refused,
  limit: { metric: LimitMetric; used: number; limit: number; plan: PlanKey; retryWhenIdle?: boolean },
): AppError {
  const owner = refused.role === "owner" && refused.orgSlug !== null;
  const planName = PLANS[limit.plan].name;
  const reached = limit.retryWhenIdle
    ? "This organization is at the edge of its model tokens for the month: another answer is using the last of them. Try again when it has finished."
    : `This organization has reached its ${planName} plan's limit of ${WHAT[limit.metric](limit.limit)}.`;
  const resets = MONTHLY.has(limit.metric) && !limit.retryWhenIdle ? " It resets on the 1st of next month (UTC)." : "";
  // At the edge the answer is to wait, not to upgrade: no way up is offered then.
  const way = limit.retryWhenIdle
    ? ""
    : limit.plan === "free"
      ? owner
        ? " Upgrade to Pro for more."
        : " Ask an owner of this organization to upgrade to Pro."
      : owner
        ? " See Billing for your plan."
        : " Ask an owner of this organization about the plan.";
  const details: PlanLimitDetails = {
    metric: limit.metric,
    used: limit.used,
    limit: limit.limit,
    plan: limit.plan,
    upgrade_path: owner && !limit.retryWhenIdle ? `/${refused.orgSlug}/settings/billing` : null,
    ...(limit.retryWhenIdle && { retry_when_idle: true }),
  };
  if (limit.retryWhenIdle)
    return new AppError(402, "plan_limit", `${reached}${resets}${way}`, details, { "Retry-After": String(EDGE_RETRY_AFTER_SECONDS) });
  return paymentRequired(`${reached}${resets}${way}`, details);
}
