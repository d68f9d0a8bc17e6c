import { getOrganization } from "@/lib/db/organizations";
import { linkStripeCustomer, readOrganizationBilling } from "@/lib/db/billing";
import type { TenantContext } from "@/lib/db/tenant-context";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { conflict } from "@/lib/server/http/app-error";
import { billingPageUrl } from "./billing-urls";
import { effectivePlan } from "./effective-plan";
import { billingMode } from "./mode";
import { billingNotConfigured } from "./not-configured";
import { callStripe, stripeClient } from "./stripe-client";

/** 409 unless billing is on (BILLING=stripe with its variables). */
export function requireBilling(env: ServerEnv): void {
  if (billingMode(env) === "off" || !env.STRIPE_SECRET_KEY || !env.STRIPE_PRICE_PRO) throw billingNotConfigured();
}

/** The organization's Stripe customer: the stored one, else a new one (metadata names the organization). */
async function customerFor(ctx: TenantContext, stored: string | null, env: ServerEnv): Promise<string> {
  if (stored) return stored;
  const organization = await getOrganization(ctx);
  const customer = await callStripe(() =>
    stripeClient(env).customers.create(
      { name: organization.name, metadata: { organization_id: ctx.organizationId, organization_slug: ctx.orgSlug } },
      // Two clicks at once create one customer (Stripe keeps an idempotency key for 24 hours).
      { idempotencyKey: `customer_${ctx.organizationId}` },
    ),
  );
  return linkStripeCustomer(ctx.organizationId, customer.id);
}

/**
 * An owner's Stripe Checkout for Pro (mode subscription): the Pro price, and the metered overage
 * price when configured (no quantity: usage comes from the meter). The session and the subscription
 * name the organization (client_reference_id, metadata), which is how the webhook links them.
 */
export async function openCheckout(ctx: TenantContext, origin: string, env: ServerEnv = serverEnv(), now = new Date()): Promise<string> {
  requireBilling(env);
  const record = await readOrganizationBilling(ctx.organizationId);
  const state = effectivePlan(record, now, env.BILLING_GRACE_DAYS);
  if (state.subscribed !== "free")
    throw conflict("This organization already has a Pro subscription. Open Manage billing to change or cancel it.");
  const customer = await customerFor(ctx, record?.stripeCustomerId ?? null, env);
  const metadata = { organization_id: ctx.organizationId };
  const session = await callStripe(() =>
    stripeClient(env).checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: ctx.organizationId,
      metadata,
      subscription_data: { metadata },
      line_items: [
        { price: env.STRIPE_PRICE_PRO!, quantity: 1 },
        ...(env.STRIPE_PRICE_PRO_OVERAGE ? [{ price: env.STRIPE_PRICE_PRO_OVERAGE }] : []),
      ],
      success_url: billingPageUrl(origin, ctx.orgSlug, "?checkout=success"),
      cancel_url: billingPageUrl(origin, ctx.orgSlug, "?checkout=canceled"),
    }),
  );
  if (!session.url) throw conflict("Stripe did not return a Checkout page. Try again in a minute.");
  return session.url;
}
