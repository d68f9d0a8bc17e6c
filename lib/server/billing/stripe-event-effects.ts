import type { BillingPatch, LockedBilling } from "@/lib/db/billing";
import type { CheckoutSessionObject, SubscriptionObject } from "./stripe-objects";
import { hasLiveSubscription } from "./stripe-subscription-status";

/**
 * What one Stripe event changes in the stored billing state, decided from the stored state alone
 * (pure; the webhook runs it under the row's lock). A subscription event carries the subscription's
 * CURRENT state (the webhook re-reads it from Stripe under the lock), so it always applies, whatever
 * its `created`. Invoice events carry no state to re-read: one whose `created` is not newer than the
 * stored invoice state (`invoiceStateAt`, to the second) changes nothing.
 */

const OWING = new Set(["past_due", "unpaid"]);
const PAYING = new Set(["active", "trialing"]);

const nonEmpty = (patch: BillingPatch): BillingPatch | null => (Object.keys(patch).length > 0 ? patch : null);
const latest = (stored: Date | null, at: Date) => (stored && stored.getTime() > at.getTime() ? stored : at);

export type CheckoutVerdict =
  | { kind: "apply"; patch: BillingPatch | null }
  /** The session's customer is not the organization's (Handoff creates the customer before every Checkout). */
  | { kind: "foreign_customer" }
  /** The organization already has another live subscription: the new one is not stored over it. */
  | { kind: "second_subscription"; kept: string; refused: string };

/** checkout.session.completed: links the subscription, if the session is the organization's own; its state comes with the subscription's events. */
export function checkoutVerdict(stored: LockedBilling, session: CheckoutSessionObject): CheckoutVerdict {
  if (!stored.stripeCustomerId || session.customer !== stored.stripeCustomerId) return { kind: "foreign_customer" };
  const patch: BillingPatch = { checkoutUrl: null, checkoutExpiresAt: null };
  if (session.subscription && session.subscription !== stored.stripeSubscriptionId) {
    if (hasLiveSubscription(stored))
      return { kind: "second_subscription", kept: stored.stripeSubscriptionId!, refused: session.subscription };
    patch.stripeSubscriptionId = session.subscription;
    patch.subscriptionStatus = null;
  }
  return { kind: "apply", patch: nonEmpty(patch) };
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

/**
 * Whether an event about `subscriptionId` must leave the stored one alone: another subscription's
 * events never overwrite a live stored one (nor does an old one's late deletion cancel its
 * successor), and a deleted subscription stays deleted.
 */
export function ignoresSubscription(stored: LockedBilling, subscriptionId: string, change: SubscriptionChange): boolean {
  const same = stored.stripeSubscriptionId === subscriptionId;
  if (!same) return change === "deleted" ? !!stored.stripeSubscriptionId : hasLiveSubscription(stored);
  return change !== "deleted" && stored.subscriptionStatus === "canceled";
}

/** The grace mark after a subscription state: paying clears it; owing sets it once, unless a newer invoice state says otherwise. */
function pastDueMark(stored: LockedBilling, status: string, at: Date): Pick<BillingPatch, "pastDueSince"> {
  if (PAYING.has(status)) return { pastDueSince: null };
  const invoiceIsNewer = stored.invoiceStateAt !== null && at.getTime() < stored.invoiceStateAt.getTime();
  // Stripe may move a subscription to past_due before (or without) the invoice event: the grace counts from the first sign.
  if (OWING.has(status) && !stored.pastDueSince && !invoiceIsNewer) return { pastDueSince: at };
  return {};
}

/** customer.subscription.created / updated / deleted, with the subscription as it is now: plan from the price id, status, period end, cancellation. */
export function subscriptionPatch(
  stored: LockedBilling,
  subscription: SubscriptionObject,
  change: SubscriptionChange,
  at: Date,
  proPrice: string,
): BillingPatch | null {
  if (ignoresSubscription(stored, subscription.id, change)) return null;
  const status = change === "deleted" ? "canceled" : subscription.status;
  const pays = subscription.items.data.some((item) => item.price.id === proPrice);
  return {
    plan: status !== "canceled" && pays ? "pro" : "free",
    stripeSubscriptionId: subscription.id,
    ...(!stored.stripeCustomerId && subscription.customer ? { stripeCustomerId: subscription.customer } : {}),
    subscriptionStatus: status,
    currentPeriodEnd: periodEnd(subscription, proPrice),
    cancelAtPeriodEnd: status !== "canceled" && subscription.cancel_at_period_end,
    ...pastDueMark(stored, status, at),
    subscriptionStateAt: latest(stored.subscriptionStateAt, at),
  };
}

/** invoice.paid clears the past-due mark; invoice.payment_failed sets it once (the grace period counts from then). */
export function invoicePatch(stored: LockedBilling, paid: boolean, at: Date): BillingPatch | null {
  // Not newer than the stored invoice state (`created` has whole seconds): the first of a second stays.
  if (stored.invoiceStateAt && at.getTime() <= stored.invoiceStateAt.getTime()) return null;
  return { pastDueSince: paid ? null : (stored.pastDueSince ?? at), invoiceStateAt: at };
}
