import { planLimitDetailsSchema, type PlanLimitDetails } from "@/lib/schemas/billing";
import { ApiError } from "./api";

/** A refusal by the plan's limits (402 `plan_limit`): the server's sentence and where an owner upgrades. */
export interface PlanLimitRefusal {
  message: string;
  details: PlanLimitDetails;
}

/** The plan-limit refusal an error carries, or null for any other error. */
export function planLimitOf(error: unknown): PlanLimitRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 402 || error.code !== "plan_limit") return null;
  const details = planLimitDetailsSchema.safeParse(error.details);
  return details.success ? { message: error.message, details: details.data } : null;
}

/** The link's words: the way up from Free, the billing page from Pro. */
export const upgradeLabel = (details: PlanLimitDetails) => (details.plan === "free" ? "Upgrade to Pro" : "Open Billing");
