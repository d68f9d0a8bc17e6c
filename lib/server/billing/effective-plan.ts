import type { BillingRecord } from "@/lib/db/billing";
import type { PlanKey } from "./plans";

export type { BillingRecord };

export interface EffectivePlan {
  /** The plan whose limits apply now. */
  plan: PlanKey;
  /** The plan the subscription pays for (what `plan` returns to once payment is fixed). */
  subscribed: PlanKey;
  /** Payment failed and is not fixed yet: owners see the banner. */
  pastDue: boolean;
  /** When a past-due subscription's limits fall to Free; null when not past due. */
  graceEndsAt: Date | null;
  /** The grace period is over: limits are Free's until payment is fixed (nothing is deleted). */
  downgraded: boolean;
}

/** Statuses whose plan applies in full. */
const PAYING = new Set(["active", "trialing"]);
/** Statuses whose plan applies until the grace period ends. */
const OWING = new Set(["past_due", "unpaid"]);

/**
 * The plan that applies at `now`: the subscribed plan while active or trialing, and while past due
 * for `graceDays` after payment first failed; Free otherwise (canceled, incomplete, paused, none).
 * A failed invoice on an active subscription (`pastDueSince` set before Stripe moves the status)
 * starts the grace period too.
 */
export function effectivePlan(record: BillingRecord | null, now: Date, graceDays: number): EffectivePlan {
  const status = record?.subscriptionStatus ?? null;
  const subscribed = record && status && (PAYING.has(status) || OWING.has(status)) ? record.plan : "free";
  const owing = subscribed !== "free" && (OWING.has(status ?? "") || record?.pastDueSince != null);
  if (!owing) return { plan: subscribed, subscribed, pastDue: false, graceEndsAt: null, downgraded: false };
  // The webhook sets pastDueSince with the status; a row without it counts from the unpaid period's end.
  const since = record?.pastDueSince ?? record?.currentPeriodEnd ?? now;
  const graceEndsAt = new Date(since.getTime() + graceDays * 86_400_000);
  const downgraded = now.getTime() >= graceEndsAt.getTime();
  return { plan: downgraded ? "free" : subscribed, subscribed, pastDue: true, graceEndsAt, downgraded };
}
