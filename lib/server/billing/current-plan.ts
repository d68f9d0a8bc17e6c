import { readOrganizationBilling } from "@/lib/db/billing";
import { serverEnv } from "@/lib/server/env";
import { effectivePlan, type EffectivePlan } from "./effective-plan";
import { billingMode, type BillingMode } from "./mode";
import { PLANS, UNLIMITED, type PlanLimits } from "./plans";

export interface CurrentPlan {
  mode: BillingMode;
  /** Null with `BILLING=off`: there is no plan, and no limit. */
  effective: EffectivePlan | null;
  limits: PlanLimits;
  /** Tokens above `limits.tokens` are billed rather than refused, up to this. */
  tokensHardCap: number;
  overage: boolean;
}

const OFF: CurrentPlan = { mode: "off", effective: null, limits: UNLIMITED, tokensHardCap: Number.POSITIVE_INFINITY, overage: false };

/** What applies to the organization at `now`, from Postgres (never from the client). `BILLING=off` reads nothing. */
export async function currentPlan(organizationId: string, now: Date = new Date()): Promise<CurrentPlan> {
  const env = serverEnv();
  if (billingMode(env) === "off") return OFF;
  const effective = effectivePlan(await readOrganizationBilling(organizationId), now, env.BILLING_GRACE_DAYS);
  const plan = PLANS[effective.plan];
  return { mode: "stripe", effective, limits: plan.limits, tokensHardCap: plan.tokensHardCap, overage: plan.overage };
}
