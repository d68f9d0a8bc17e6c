import { PlanLimitError, type PlaceLimit, type PlaceMetric } from "@/lib/db/plan-limit";
import { currentPlan } from "./current-plan";
import { planLimitError, type Refused } from "./limit-sentence";
import { billingMode } from "./mode";

/** The plan's limit on what may exist of `metric`; none with billing off (nothing read). */
export async function placeLimit(organizationId: string, metric: PlaceMetric): Promise<PlaceLimit | undefined> {
  if (billingMode() === "off") return undefined;
  const plan = await currentPlan(organizationId);
  return plan.effective ? { limit: plan.limits[metric], plan: plan.effective.plan } : undefined;
}

/**
 * Runs a creation that keeps a place limit (lib/db/plan-limit.ts) and answers its refusal as the
 * 402 of the plan's limit, worded for `refused` (an owner is offered the upgrade).
 */
export async function withinPlan<T>(refused: Refused, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof PlanLimitError)) throw error;
    throw planLimitError(refused, { metric: error.metric, used: error.used, limit: error.place.limit, plan: error.place.plan });
  }
}

/** A creation in the organization of `ctx`, limited by its plan's `metric`. */
export async function createWithinPlan<T>(
  ctx: { organizationId: string } & Refused,
  metric: PlaceMetric,
  write: (place: PlaceLimit | undefined) => Promise<T>,
): Promise<T> {
  const place = await placeLimit(ctx.organizationId, metric);
  return withinPlan(ctx, () => write(place));
}
