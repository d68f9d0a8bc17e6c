import { readOrganizationBilling } from "@/lib/db/billing";
import type { TenantContext } from "@/lib/db/tenant-context";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { conflict } from "@/lib/server/http/app-error";
import { billingPageUrl } from "./billing-urls";
import { requireBilling } from "./checkout";
import { callStripe, stripeClient } from "./stripe-client";

/** An owner's Stripe customer portal session (invoices, payment methods, cancellation), back to the billing page. */
export async function openPortal(ctx: TenantContext, origin: string, env: ServerEnv = serverEnv()): Promise<string> {
  requireBilling(env);
  const customer = (await readOrganizationBilling(ctx.organizationId))?.stripeCustomerId;
  if (!customer) throw conflict("This organization has no Stripe customer yet. Upgrade to Pro first; the portal opens after Checkout.");
  const session = await callStripe(() =>
    stripeClient(env).billingPortal.sessions.create({ customer, return_url: billingPageUrl(origin, ctx.orgSlug) }),
  );
  return session.url;
}
