// What one Stripe event changes in the stored billing state, decided from that state alone.
import { describe, expect, it } from "vitest";
import type { LockedBilling } from "@/lib/db/billing";
import { checkoutVerdict, invoicePatch, subscriptionPatch } from "@/lib/server/billing/stripe-event-effects";
import type { SubscriptionObject } from "@/lib/server/billing/stripe-objects";

const PRO = "price_pro";
const empty: LockedBilling = {
  plan: "free",
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  subscriptionStatus: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  subscriptionStateAt: null,
  invoiceStateAt: null,
};
const at = (seconds: number) => new Date(seconds * 1000);
const subscription = (overrides: Partial<SubscriptionObject> = {}): SubscriptionObject => ({
  id: "sub_1",
  customer: "cus_1",
  status: "active",
  cancel_at_period_end: false,
  metadata: {},
  items: {
    data: [
      { price: { id: "price_overage" }, current_period_end: 500 },
      { price: { id: PRO }, current_period_end: 900 },
    ],
  },
  ...overrides,
});

describe("subscriptionPatch", () => {
  it("reads the plan from the price and the period end from the plan's item", () => {
    expect(subscriptionPatch(empty, subscription(), "created", at(100), PRO)).toEqual({
      plan: "pro",
      stripeSubscriptionId: "sub_1",
      stripeCustomerId: "cus_1",
      subscriptionStatus: "active",
      currentPeriodEnd: at(900),
      cancelAtPeriodEnd: false,
      pastDueSince: null,
      subscriptionStateAt: at(100),
    });
  });

  it("active clears the past-due mark; owing sets it only when not older than the stored invoice state", () => {
    expect(subscriptionPatch({ ...empty, pastDueSince: at(50) }, subscription(), "updated", at(100), PRO)?.pastDueSince).toBeNull();
    const paidLater = { ...empty, invoiceStateAt: at(200) };
    expect(subscriptionPatch(paidLater, subscription({ status: "past_due" }), "updated", at(100), PRO)).not.toHaveProperty("pastDueSince");
    expect(subscriptionPatch(paidLater, subscription({ status: "past_due" }), "updated", at(200), PRO)?.pastDueSince).toEqual(at(200));
  });

  it("another subscription's events leave a live stored one alone, and replace a terminal one", () => {
    const live = { ...empty, stripeSubscriptionId: "sub_0", subscriptionStatus: "active", plan: "pro" as const };
    expect(subscriptionPatch(live, subscription(), "created", at(100), PRO)).toBeNull();
    expect(subscriptionPatch({ ...live, subscriptionStatus: null }, subscription(), "updated", at(100), PRO)).toBeNull();
    for (const status of ["canceled", "incomplete_expired"])
      expect(subscriptionPatch({ ...live, subscriptionStatus: status }, subscription(), "created", at(100), PRO)).toMatchObject({
        stripeSubscriptionId: "sub_1",
      });
  });

  it("past due starts the grace period once, at the event's time", () => {
    const patch = subscriptionPatch(empty, subscription({ status: "past_due" }), "updated", at(100), PRO);
    expect(patch?.pastDueSince).toEqual(at(100));
    const later = subscriptionPatch({ ...empty, pastDueSince: at(50) }, subscription({ status: "past_due" }), "updated", at(100), PRO);
    expect(later).not.toHaveProperty("pastDueSince");
  });

  it("applies the (current) state of an older event without moving the stored time back, and revives no deleted subscription", () => {
    expect(subscriptionPatch({ ...empty, subscriptionStateAt: at(200) }, subscription(), "updated", at(100), PRO)).toMatchObject({
      plan: "pro",
      subscriptionStateAt: at(200),
    });
    const deleted = { ...empty, stripeSubscriptionId: "sub_1", subscriptionStatus: "canceled", subscriptionStateAt: at(100) };
    expect(subscriptionPatch(deleted, subscription(), "updated", at(100), PRO)).toBeNull();
  });

  it("deleted is Free and canceled; another subscription's deletion changes nothing", () => {
    const stored = { ...empty, stripeSubscriptionId: "sub_1", subscriptionStatus: "active", plan: "pro" as const };
    expect(subscriptionPatch(stored, subscription(), "deleted", at(100), PRO)).toMatchObject({
      plan: "free",
      subscriptionStatus: "canceled",
    });
    expect(subscriptionPatch(stored, subscription({ id: "sub_old" }), "deleted", at(100), PRO)).toBeNull();
  });
});

describe("invoicePatch", () => {
  it("a failure marks past due once; payment clears it; older invoices change nothing", () => {
    expect(invoicePatch(empty, false, at(100))).toEqual({ pastDueSince: at(100), invoiceStateAt: at(100) });
    expect(invoicePatch({ ...empty, pastDueSince: at(50) }, false, at(100))).toEqual({ pastDueSince: at(50), invoiceStateAt: at(100) });
    expect(invoicePatch({ ...empty, pastDueSince: at(50) }, true, at(100))).toEqual({ pastDueSince: null, invoiceStateAt: at(100) });
    expect(invoicePatch({ ...empty, invoiceStateAt: at(200) }, true, at(100))).toBeNull();
    // The same second: `created` cannot order them, and the stored one stays.
    expect(invoicePatch({ ...empty, pastDueSince: at(200), invoiceStateAt: at(200) }, true, at(200))).toBeNull();
  });
});

describe("checkoutVerdict", () => {
  const session = { id: "cs_1", client_reference_id: "org_1", customer: "cus_1", subscription: "sub_1", metadata: null };
  const withCustomer = { ...empty, stripeCustomerId: "cus_1" };

  it("links the subscription of the organization's own customer, and closes the open session", () => {
    expect(checkoutVerdict(withCustomer, session)).toEqual({
      kind: "apply",
      patch: { stripeSubscriptionId: "sub_1", subscriptionStatus: null, checkoutUrl: null, checkoutExpiresAt: null },
    });
  });

  it("refuses a session whose customer is not the organization's (or when it has none)", () => {
    expect(checkoutVerdict(empty, session)).toEqual({ kind: "foreign_customer" });
    expect(checkoutVerdict({ ...empty, stripeCustomerId: "cus_other" }, session)).toEqual({ kind: "foreign_customer" });
  });

  it("replaces a canceled subscription, never a live one", () => {
    expect(checkoutVerdict({ ...withCustomer, stripeSubscriptionId: "sub_0", subscriptionStatus: "canceled" }, session)).toMatchObject({
      kind: "apply",
      patch: { stripeSubscriptionId: "sub_1" },
    });
    expect(checkoutVerdict({ ...withCustomer, stripeSubscriptionId: "sub_0", subscriptionStatus: "active" }, session)).toEqual({
      kind: "second_subscription",
      kept: "sub_0",
      refused: "sub_1",
    });
  });
});
