// The plan that applies at a given moment, from the stored subscription state: paying statuses keep
// the plan, a past-due one keeps it through the grace period and falls to Free after it, anything
// else (canceled, incomplete, none) is Free.
import { describe, expect, it } from "vitest";
import { effectivePlan, type BillingRecord } from "@/lib/server/billing/effective-plan";

const DAY = 86_400_000;
const now = new Date("2026-12-10T12:00:00Z");
const pro = (overrides: Partial<BillingRecord> = {}): BillingRecord => ({
  plan: "pro",
  stripeCustomerId: "cus_1",
  stripeSubscriptionId: "sub_1",
  subscriptionStatus: "active",
  currentPeriodEnd: new Date("2027-01-01T00:00:00Z"),
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  ...overrides,
});

describe("effectivePlan", () => {
  it("an active or trialing Pro subscription gets Pro", () => {
    for (const status of ["active", "trialing"])
      expect(effectivePlan(pro({ subscriptionStatus: status }), now, 7)).toEqual({
        plan: "pro",
        subscribed: "pro",
        pastDue: false,
        graceEndsAt: null,
        downgraded: false,
      });
  });

  it("past due keeps Pro until the grace period ends, counted from the first failure", () => {
    const since = new Date(now.getTime() - 6 * DAY);
    const state = effectivePlan(pro({ subscriptionStatus: "past_due", pastDueSince: since }), now, 7);
    expect(state).toMatchObject({ plan: "pro", subscribed: "pro", pastDue: true, downgraded: false });
    expect(state.graceEndsAt).toEqual(new Date(since.getTime() + 7 * DAY));
  });

  it("past due falls to Free once the grace period is over, and says so", () => {
    const since = new Date(now.getTime() - 7 * DAY);
    expect(effectivePlan(pro({ subscriptionStatus: "past_due", pastDueSince: since }), now, 7)).toMatchObject({
      plan: "free",
      subscribed: "pro",
      pastDue: true,
      downgraded: true,
    });
  });

  it("a failed invoice on a still active subscription starts the grace period too", () => {
    const state = effectivePlan(pro({ pastDueSince: new Date(now.getTime() - DAY) }), now, 7);
    expect(state).toMatchObject({ plan: "pro", pastDue: true, downgraded: false });
  });

  it("a past-due row with no failure time counts its grace from the unpaid period's end, so it still ends", () => {
    const periodEnd = new Date(now.getTime() - 8 * DAY);
    expect(effectivePlan(pro({ subscriptionStatus: "past_due", currentPeriodEnd: periodEnd }), now, 7)).toMatchObject({
      plan: "free",
      downgraded: true,
      graceEndsAt: new Date(periodEnd.getTime() + 7 * DAY),
    });
  });

  it("the grace period follows BILLING_GRACE_DAYS (0: Free at once)", () => {
    expect(effectivePlan(pro({ subscriptionStatus: "unpaid", pastDueSince: now }), now, 0).plan).toBe("free");
  });

  it("canceled, incomplete and paused subscriptions, and none at all, are Free", () => {
    for (const status of ["canceled", "incomplete", "incomplete_expired", "paused"])
      expect(effectivePlan(pro({ subscriptionStatus: status }), now, 7)).toMatchObject({
        plan: "free",
        subscribed: "free",
        pastDue: false,
      });
    expect(effectivePlan(null, now, 7)).toMatchObject({ plan: "free", subscribed: "free", pastDue: false, graceEndsAt: null });
  });
});
