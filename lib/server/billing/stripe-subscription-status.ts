import type { BillingRecord } from "@/lib/db/billing";

/** Statuses a Stripe subscription never leaves: after them a new Checkout may start another one. */
const TERMINAL = new Set(["canceled", "incomplete_expired"]);

export const isTerminalStatus = (status: string | null) => status !== null && TERMINAL.has(status);

/**
 * Whether the stored subscription is still alive (any status but a terminal one; none stored yet
 * after a completed Checkout counts as alive): while it is, no second subscription is started or stored.
 */
export const hasLiveSubscription = (stored: Pick<BillingRecord, "stripeSubscriptionId" | "subscriptionStatus">) =>
  !!stored.stripeSubscriptionId && !isTerminalStatus(stored.subscriptionStatus);
