import type { BillingPatch, LockedBilling } from "@/lib/db/billing";
import type { CheckoutSessionObject, SubscriptionObject } from "./stripe-objects";

/**
 * What one Stripe event changes in the stored billing state, decided from the stored state alone
 * (pure; the webhook runs it under the row's lock). Out of order: an event older than the stored
 * state of its kind (`subscriptionStateAt`, `invoiceStateAt`) changes nothing; at the same second
 * the later delivery wins, except that a deleted subscription stays deleted.
 */

const OWING = new Set(["past_due", "unpaid"]);

const nonEmpty = (patch: BillingPatch): BillingPatch | null => (Object.keys(patch).length > 0 ? patch : null);

/** checkout.session.completed: links the customer and the subscription; their state comes with the subscription's events. */
export function checkoutPatch(stored: LockedBilling, session: CheckoutSessionObject): BillingPatch | null {
  const patch: BillingPatch = {};
  if (!stored.stripeCustomerId && session.customer) patch.stripeCustomerId = session.customer;
  const replaceable = !stored.stripeSubscriptionId || stored.subscriptionStatus === "canceled";
  if (session.subscription && replaceable && session.subscription !== stored.stripeSubscriptionId)
    patch.stripeSubscriptionId = session.subscription;
  return nonEmpty(patch);
}

export type SubscriptionChange = "created" | "updated" | "deleted";

/** The period end of the plan's item (on API 2025+ it is the item's), else the latest of any item. */
function periodEnd(subscription: SubscriptionObject, proPrice: string): Date | null {
  const items = subscription.items.data;
  const seconds =
    items.find((item) => item.price.id === proPrice)?.current_period_end ??
    Math.max(0, ...items.map((item) => item.current_period_end ?? 0));
  return seconds ? new Date(seconds * 1000) : null;
}

/** customer.subscription.created / updated / deleted: plan from the price id, status, period end, cancellation. */
export function subscriptionPatch(
  stored: LockedBilling,
  subscription: SubscriptionObject,
  change: SubscriptionChange,
  at: Date,
  proPrice: string,
): BillingPatch | null {
  if (stored.subscriptionStateAt && at.getTime() < stored.subscriptionStateAt.getTime()) return null;
  const sameSubscription = stored.stripeSubscriptionId === subscription.id;
  // A deleted subscription is final; a replaced one's late end does not cancel its successor.
  if (change !== "deleted" && sameSubscription && stored.subscriptionStatus === "canceled") return null;
  if (change === "deleted" && stored.stripeSubscriptionId && !sameSubscription) return null;
  const status = change === "deleted" ? "canceled" : subscription.status;
  const pays = subscription.items.data.some((item) => item.price.id === proPrice);
  return {
    plan: change !== "deleted" && pays ? "pro" : "free",
    stripeSubscriptionId: subscription.id,
    ...(!stored.stripeCustomerId && subscription.customer ? { stripeCustomerId: subscription.customer } : {}),
    subscriptionStatus: status,
    currentPeriodEnd: periodEnd(subscription, proPrice),
    cancelAtPeriodEnd: change !== "deleted" && subscription.cancel_at_period_end,
    // Stripe may move a subscription to past_due before (or without) the invoice event: the grace counts from the first sign.
    ...(OWING.has(status) && !stored.pastDueSince ? { pastDueSince: at } : {}),
    subscriptionStateAt: at,
  };
}

/** invoice.paid clears the past-due mark; invoice.payment_failed sets it once (the grace period counts from then). */
export function invoicePatch(stored: LockedBilling, paid: boolean, at: Date): BillingPatch | null {
  if (stored.invoiceStateAt && at.getTime() < stored.invoiceStateAt.getTime()) return null;
  return { pastDueSince: paid ? null : (stored.pastDueSince ?? at), invoiceStateAt: at };
}
