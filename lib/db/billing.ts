import { prisma } from "./client";

/** The stored subscription state an effective plan is derived from (lib/server/billing/effective-plan.ts). */
export interface BillingRecord {
  plan: "free" | "pro";
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  subscriptionStatus: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  pastDueSince: Date | null;
}

/** The organization's stored subscription state; null: it never subscribed (Free). */
export async function readOrganizationBilling(organizationId: string): Promise<BillingRecord | null> {
  const row = await prisma.organizationBilling.findUnique({
    where: { organizationId },
    select: {
      plan: true,
      stripeCustomerId: true,
      stripeSubscriptionId: true,
      subscriptionStatus: true,
      currentPeriodEnd: true,
      cancelAtPeriodEnd: true,
      pastDueSince: true,
    },
  });
  return row;
}
