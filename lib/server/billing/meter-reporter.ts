import Stripe from "stripe";
import { listProCustomers, listUnmeteredOverage, markMetered, type MeterableOrganization } from "@/lib/db/billing";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { effectivePlan } from "./effective-plan";
import { billingMode } from "./mode";
import { meterIdentifier, overageShare } from "./overage-share";
import { PLANS } from "./plans";
import { stripeClient } from "./stripe-client";
import { monthStart, nextMonthStart } from "./usage-month";

/**
 * Reports Pro's overage to Stripe as Billing Meter events (docs/billing.md): every `tokens` entry
 * whose tokens lie (partly) above the allowance gets one event with its share, identified
 * `usage_<organization>_<entry>` (also the request's idempotency key), and then `meteredAt`. A
 * Stripe failure leaves the entry unmetered for the next pass; the same identifier and value are
 * sent again, so Stripe counts it once.
 */

/** Entries younger than this wait for the next pass, so one written by a transaction still open cannot change an earlier share. */
export const METER_SETTLE_MS = 60_000;

export interface MeterPassResult {
  reported: number;
  failed: number;
}

/** Stripe already has an event with this identifier (its idempotency key expired): it counted, so the entry is metered. */
const alreadyReported = (error: unknown) => error instanceof Stripe.errors.StripeError && error.code === "resource_already_exists";

async function meterOrganization(stripe: Stripe, organization: MeterableOrganization, env: ServerEnv, now: Date): Promise<MeterPassResult> {
  const result = { reported: 0, failed: 0 };
  const cutoff = new Date(now.getTime() - METER_SETTLE_MS);
  // The month before too: its last minute settles after the month has turned.
  const previous = new Date(monthStart(cutoff).getTime() - 1);
  for (const at of [previous, cutoff]) {
    const month = { start: monthStart(at), end: nextMonthStart(at) };
    const entries = await listUnmeteredOverage(organization.organizationId, month, PLANS.pro.limits.tokens, cutoff);
    for (const entry of entries) {
      const identifier = meterIdentifier(organization.organizationId, entry.id);
      const value = overageShare(entry.tokensBefore, entry.tokens, PLANS.pro.limits.tokens);
      try {
        await stripe.billing.meterEvents.create(
          {
            event_name: env.STRIPE_METER_EVENT_NAME,
            identifier,
            payload: { stripe_customer_id: organization.stripeCustomerId, value: String(value) },
            timestamp: Math.floor(entry.createdAt.getTime() / 1000),
          },
          { idempotencyKey: identifier },
        );
      } catch (error) {
        if (!alreadyReported(error)) {
          result.failed++;
          logger.warn("an overage meter event was not accepted; it is sent again on the next pass", { identifier, error });
          // Stripe is refusing or away: the organization's other entries wait for the next pass too.
          return result;
        }
      }
      await markMetered(organization.organizationId, entry.id);
      result.reported++;
    }
  }
  return result;
}

/** One pass over every Pro organization. Nothing to do with billing off or without an overage price. */
export async function reportOverage(env: ServerEnv = serverEnv(), now = new Date()): Promise<MeterPassResult> {
  const total = { reported: 0, failed: 0 };
  if (billingMode(env) === "off" || !env.STRIPE_PRICE_PRO_OVERAGE || !env.STRIPE_SECRET_KEY) return total;
  const stripe = stripeClient(env);
  for (const organization of await listProCustomers()) {
    if (effectivePlan(organization, now, env.BILLING_GRACE_DAYS).plan !== "pro") continue;
    const result = await meterOrganization(stripe, organization, env, now);
    total.reported += result.reported;
    total.failed += result.failed;
  }
  return total;
}
