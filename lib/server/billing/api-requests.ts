import { countApiRequest } from "@/lib/db/usage-admission";
import { logger } from "@/lib/server/logger";
import { currentPlan } from "./current-plan";
import { planLimitError } from "./limit-sentence";
import { billingMode } from "./mode";
import { checkUsageThresholds, crossesThreshold } from "./thresholds";
import { monthStart } from "./usage-month";

/**
 * Counts an authenticated /api/v1 request against the plan's monthly API requests, in one statement
 * that counts only while the month has room (lib/db/usage-admission.ts); 402 past it. With billing
 * off nothing is read or counted. The request that brings the month to 80% or 100% of the limit
 * starts the threshold check (detached, errors logged): API traffic runs no agent, so the run's
 * end, where the other checks happen, would never see it.
 */
export async function countApiRequestUnderPlan(organizationId: string, apiKeyId: string, now: Date = new Date()): Promise<void> {
  if (billingMode() === "off") return;
  const plan = await currentPlan(organizationId, now);
  if (!plan.effective) return;
  const limit = plan.limits.apiRequests;
  const counted = await countApiRequest(organizationId, monthStart(now), limit, apiKeyId);
  // A key is nobody's role: the sentence tells its owner to ask an owner of the organization.
  if (!counted.counted)
    throw planLimitError({ orgSlug: null, role: null }, { metric: "apiRequests", used: counted.used, limit, plan: plan.effective.plan });
  if (crossesThreshold(counted.used, limit))
    void checkUsageThresholds(organizationId, now, "within_reach").catch((error: unknown) =>
      logger.error("the usage thresholds could not be checked", { organizationId, error }),
    );
}
