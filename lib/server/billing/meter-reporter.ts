import Stripe from "stripe";
import { listMeterableCustomers, listUnmeteredOverage, markMetered, type MeterableOrganization } from "@/lib/db/billing";
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

/** Entries younger than this (by Postgres's clock) wait for the next pass, so one written by a transaction still open cannot change an earlier share. */
export const METER_SETTLE_MS = 60_000;

export interface MeterPassResult {
  reported: number;
  failed: number;
  /** Entries Stripe refused for good (a 4xx other than a duplicate): logged, marked, never sent again. */
  skipped: number;
}

/**
 * Stripe already has an event with this identifier (its idempotency key expired): it counted, so
 * the entry is metered. Stripe says so with the code, or (meter events) only in the 400's message.
 */
const alreadyReported = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  (error.code === "resource_already_exists" ||
    (error.type === "StripeInvalidRequestError" && /already exists.*identifier/i.test(error.message)));

/** A refusal that sending again cannot change (a 4xx other than 409 conflicts and 429 rate limits). */
const refusedForGood = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  error.statusCode !== undefined &&
  error.statusCode >= 400 &&
  error.statusCode < 500 &&
  error.statusCode !== 409 &&
  error.statusCode !== 429;

/**
 * Where the organization's overage may be reported: entries created before the end of Pro (the
 * grace period's end for a payment that failed, the time the webhook stored Pro's end for a
 * canceled subscription), none after. null: nothing to report.
 */
function proWindowEnd(organization: MeterableOrganization, now: Date, graceDays: number): Date | null {
  if (organization.plan !== "pro") return organization.proEndedAt;
  const state = effectivePlan(organization, now, graceDays);
  if (state.plan === "pro") return now;
  // Lapsed (the grace period is over) or ended (canceled, incomplete): Pro lasted until the grace end or the recorded end.
  return state.graceEndsAt ?? organization.proEndedAt;
}

async function meterOrganization(
  stripe: Stripe,
  organization: MeterableOrganization,
  windowEnd: Date,
  env: ServerEnv,
  now: Date,
): Promise<MeterPassResult> {
  const result = { reported: 0, failed: 0, skipped: 0 };
  // The month before too: its last minute settles after the month has turned.
  const previous = new Date(monthStart(now).getTime() - 1);
  for (const at of [previous, now]) {
    const month = { start: monthStart(at), end: nextMonthStart(at) };
    const before = new Date(Math.min(month.end.getTime(), windowEnd.getTime()));
    if (before <= month.start) continue;
    const entries = await listUnmeteredOverage(organization.organizationId, month, PLANS.pro.limits.tokens, METER_SETTLE_MS / 1000, before);
    for (const entry of entries) {
      const identifier = meterIdentifier(organization.organizationId, entry.id);
      const value = overageShare(entry.tokensBefore, entry.tokens, PLANS.pro.limits.tokens);
      // A share of 0 (no tokens above the allowance) is no event: Stripe would record a zero, and nothing is owed.
      let sent = value > 0;
      if (sent) {
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
          if (refusedForGood(error) && !alreadyReported(error)) {
            sent = false;
            result.skipped++;
            logger.error("Stripe refused an overage meter event for good; it is not sent again", {
              identifier,
              value,
              code: (error as InstanceType<typeof Stripe.errors.StripeError>).code,
              message: (error as Error).message,
            });
          } else if (!alreadyReported(error)) {
            result.failed++;
            logger.warn("an overage meter event was not accepted; it is sent again on the next pass", { identifier, error });
            // Stripe is away or busy: the organization's other entries wait for the next pass too.
            return result;
          }
        }
      }
      await markMetered(organization.organizationId, entry.id);
      if (sent) result.reported++;
    }
  }
  return result;
}

/** One pass over every organization that is Pro, or was until recently. Nothing to do with billing off or without an overage price. */
export async function reportOverage(env: ServerEnv = serverEnv(), now = new Date()): Promise<MeterPassResult> {
  const total = { reported: 0, failed: 0, skipped: 0 };
  if (billingMode(env) === "off" || !env.STRIPE_PRICE_PRO_OVERAGE || !env.STRIPE_SECRET_KEY) return total;
  const stripe = stripeClient(env);
  const previousMonth = monthStart(new Date(monthStart(now).getTime() - 1));
  for (const organization of await listMeterableCustomers(previousMonth)) {
    const windowEnd = proWindowEnd(organization, now, env.BILLING_GRACE_DAYS);
    if (!windowEnd) continue;
    const result = await meterOrganization(stripe, organization, windowEnd, env, now);
    total.reported += result.reported;
    total.failed += result.failed;
    total.skipped += result.skipped;
  }
  return total;
}
