import { readOrganizationBilling } from "@/lib/db/billing";
import type { TenantContext } from "@/lib/db/tenant-context";
import { serverEnv } from "@/lib/server/env";
import { effectivePlan } from "./effective-plan";
import { billingMode } from "./mode";

export interface PastDueNotice {
  graceEndsAt: string;
  downgraded: boolean;
}

/** What the owners' banner says on every page: a failed payment, and until when its plan applies. No read with billing off or for others. */
export async function pastDueNotice(ctx: TenantContext, now = new Date()): Promise<PastDueNotice | null> {
  const env = serverEnv();
  if (ctx.role !== "owner" || billingMode(env) === "off") return null;
  const state = effectivePlan(await readOrganizationBilling(ctx.organizationId), now, env.BILLING_GRACE_DAYS);
  return state.pastDue && state.graceEndsAt ? { graceEndsAt: state.graceEndsAt.toISOString(), downgraded: state.downgraded } : null;
}
