import Stripe from "stripe";
import { withCheckoutLock, type CheckoutBilling } from "@/lib/db/billing";
import { getOrganization } from "@/lib/db/organizations";
import type { TenantContext } from "@/lib/db/tenant-context";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { conflict } from "@/lib/server/http/app-error";
import { logger } from "@/lib/server/logger";
import { billingPageUrl } from "./billing-urls";
import { billingMode } from "./mode";
import { billingNotConfigured } from "./not-configured";
import { callStripe, isMissingResource, stripeClient } from "./stripe-client";
import { hasLiveSubscription } from "./stripe-subscription-status";

/** 409 unless billing is on (BILLING=stripe with its variables). */
export function requireBilling(env: ServerEnv): void {
  if (billingMode(env) === "off" || !env.STRIPE_SECRET_KEY || !env.STRIPE_PRICE_PRO) throw billingNotConfigured();
}

/** An open session is handed out again while it has this long left (Stripe's expire after 24 hours). */
const REUSE_MARGIN_MS = 10 * 60_000;

/**
 * A new Stripe customer for the organization (metadata names it). The idempotency key carries the
 * billing row's last change, so a retry after a lost answer gets the same customer, while a retry
 * after the row changed (a deleted customer forgotten) is a new request, not a 24-hour refusal.
 */
async function createCustomer(ctx: TenantContext, stored: CheckoutBilling, env: ServerEnv): Promise<string> {
  const organization = await getOrganization(ctx);
  const customer = await callStripe(() =>
    stripeClient(env).customers.create(
      { name: organization.name, metadata: { organization_id: ctx.organizationId, organization_slug: ctx.orgSlug } },
      { idempotencyKey: `customer_${ctx.organizationId}_${stored.updatedAt.getTime()}` },
    ),
  );
  return customer.id;
}

function createSession(ctx: TenantContext, origin: string, customer: string, env: ServerEnv): Promise<Stripe.Checkout.Session> {
  const metadata = { organization_id: ctx.organizationId };
  return stripeClient(env).checkout.sessions.create({
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
  });
}

/**
 * An owner's Stripe Checkout for Pro (mode subscription): the Pro price, and the metered overage
 * price when configured (no quantity: usage comes from the meter). The session and the subscription
 * name the organization (client_reference_id, metadata), and its customer is the organization's,
 * which is how the webhook links them. Under the billing row's lock: while a subscription is alive
 * it is 409 (the portal changes plans), and a second click or tab gets the session already open.
 * A stored customer that Stripe no longer has is forgotten and replaced by a new one.
 */
export async function openCheckout(ctx: TenantContext, origin: string, env: ServerEnv = serverEnv(), now = new Date()): Promise<string> {
  requireBilling(env);
  return withCheckoutLock(ctx.organizationId, async (stored) => {
    if (hasLiveSubscription(stored))
      throw conflict("This organization already has a subscription. Open Manage billing to change or cancel it.");
    if (stored.checkoutUrl && stored.checkoutExpiresAt && stored.checkoutExpiresAt.getTime() - now.getTime() > REUSE_MARGIN_MS)
      return { result: stored.checkoutUrl };
    let customer = stored.stripeCustomerId ?? (await createCustomer(ctx, stored, env));
    const session = await callStripe(async () => {
      try {
        return await createSession(ctx, origin, customer, env);
      } catch (error) {
        if (!stored.stripeCustomerId || !isMissingResource(error, "customer")) throw error;
        logger.warn("the organization's Stripe customer no longer exists; a new one is created", { organizationId: ctx.organizationId });
        customer = await createCustomer(ctx, stored, env);
        return createSession(ctx, origin, customer, env);
      }
    });
    if (!session.url) throw conflict("Stripe did not return a Checkout page. Try again in a minute.");
    const expiresAt = new Date(session.expires_at * 1000);
    return { stripeCustomerId: customer, session: { url: session.url, expiresAt }, result: session.url };
  });
}
