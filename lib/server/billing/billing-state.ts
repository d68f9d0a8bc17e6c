import { readOrganizationBilling } from "@/lib/db/billing";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { BillingState } from "@/lib/schemas/billing";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { effectivePlan } from "./effective-plan";
import { billingMode } from "./mode";
import { PLANS, PLAN_KEYS, type PlanLimits } from "./plans";

export const CONFIGURE_HINT =
  "Billing is not configured. Set BILLING=stripe with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_PRO (and STRIPE_PRICE_PRO_OVERAGE to bill overage), then restart; docs/billing.md walks through the Stripe setup.";

/** A limit on the wire: a whole number, or null for none. */
const wireLimits = (limits: PlanLimits) =>
  Object.fromEntries(Object.entries(limits).map(([metric, value]) => [metric, Number.isFinite(value) ? value : null])) as Record<
    keyof PlanLimits,
    number | null
  >;

export const PLAN_LIST = PLAN_KEYS.map((key) => {
  const plan = PLANS[key];
  return { key, name: plan.name, price: plan.price, limits: wireLimits(plan.limits), overage: plan.overage, features: [...plan.features] };
});

/** GET /api/orgs/{slug}/billing and the billing page: the stored state as it applies now, and what the asker may do. */
export async function billingState(ctx: TenantContext, env: ServerEnv = serverEnv(), now = new Date()): Promise<BillingState> {
  const canManage = ctx.role === "owner";
  if (billingMode(env) === "off")
    return {
      mode: "off",
      configure_hint: CONFIGURE_HINT,
      plan: null,
      subscribed_plan: null,
      subscription_status: null,
      current_period_end: null,
      cancel_at_period_end: false,
      past_due: false,
      grace_ends_at: null,
      downgraded: false,
      can_manage: canManage,
      has_customer: false,
      plans: PLAN_LIST,
    };
  const record = await readOrganizationBilling(ctx.organizationId);
  const state = effectivePlan(record, now, env.BILLING_GRACE_DAYS);
  return {
    mode: "stripe",
    configure_hint: null,
    plan: state.plan,
    subscribed_plan: state.subscribed,
    subscription_status: record?.subscriptionStatus ?? null,
    current_period_end: record?.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: record?.cancelAtPeriodEnd ?? false,
    past_due: state.pastDue,
    grace_ends_at: state.graceEndsAt?.toISOString() ?? null,
    downgraded: state.downgraded,
    can_manage: canManage,
    has_customer: !!record?.stripeCustomerId,
    plans: PLAN_LIST,
  };
}
