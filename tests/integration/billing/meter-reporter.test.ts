// Pro's overage reported to Stripe's meter, with the real `stripe` client against the local fake:
// one event per entry above the allowance with its share (identifier `usage_<org>_<entry>`, also the
// idempotency key), `meteredAt` set after; a Stripe failure leaves the entry for the next pass, and
// neither that retry nor a lost `meteredAt` write ever reports an entry twice.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/server/env";
import { reportOverage } from "@/lib/server/billing/meter-reporter";
import { PLANS } from "@/lib/server/billing/plans";
import { billingOnEnv } from "@/tests/support/billing-env";
import { METER_IDENTIFIER_WINDOW_MS, startFakeStripe, type FakeStripe } from "@/tests/support/fake-stripe";
import { stripeHostOptions } from "@/lib/server/billing/stripe-client";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant } from "../store/support";

const ALLOWANCE = PLANS.pro.limits.tokens;
let fake: FakeStripe;
let env: ReturnType<typeof parseEnv>;
const now = () => new Date(Date.now() + 120_000);

beforeAll(async () => {
  fake = await startFakeStripe();
  env = parseEnv({ ...process.env, ...billingOnEnv(fake.url) });
});

afterAll(async () => {
  await fake?.close();
});

async function proOrg(status = "active") {
  const tenant = await createTenant("meter");
  const customer = `cus_meter_${tenant.organizationId.slice(-6)}`;
  await getTestPrisma().$transaction([
    getTestPrisma().organizationBilling.create({
      data: {
        organizationId: tenant.organizationId,
        plan: "pro",
        subscriptionStatus: status,
        stripeCustomerId: customer,
        stripeSubscriptionId: "sub_m",
      },
    }),
    getTestPrisma().tenantKey.create({ data: { kind: "stripe_customer", key: customer, organizationId: tenant.organizationId } }),
  ]);
  return { organizationId: tenant.organizationId, customer };
}

/** A usage entry, by default two minutes old (past the settle window, which is measured by Postgres's clock). */
async function useTokens(organizationId: string, tokensIn: number, kind = "tokens", createdAt = new Date(Date.now() - 120_000)) {
  const entry = await getTestPrisma().usageEntry.create({
    data: { organizationId, kind, tokensIn: Math.floor(tokensIn / 2), tokensOut: Math.ceil(tokensIn / 2), createdAt },
  });
  return entry.id;
}

const eventsOf = (organizationId: string) =>
  fake.meterEvents.filter((event) => String(event.identifier).startsWith(`usage_${organizationId}_`));
const meteredAt = async (organizationId: string, id: bigint) =>
  (await getTestPrisma().usageEntry.findUniqueOrThrow({ where: { organizationId_id: { organizationId, id } } })).meteredAt;

describe("the overage meter", () => {
  it("reports each entry's share above the allowance once, with a stable identifier as the idempotency key", async () => {
    const org = await proOrg();
    const below = await useTokens(org.organizationId, ALLOWANCE - 1_000_000);
    await useTokens(org.organizationId, 5_000, "message");
    const crossing = await useTokens(org.organizationId, 3_000_000);
    const above = await useTokens(org.organizationId, 500_000);

    const result = await reportOverage(env, now());
    expect(result).toEqual({ reported: 2, failed: 0, skipped: 0 });
    expect(eventsOf(org.organizationId)).toEqual([
      expect.objectContaining({
        identifier: `usage_${org.organizationId}_${crossing}`,
        event_name: "handoff_overage_tokens",
        payload: { stripe_customer_id: org.customer, value: "2000000" },
      }),
      expect.objectContaining({
        identifier: `usage_${org.organizationId}_${above}`,
        payload: { stripe_customer_id: org.customer, value: "500000" },
      }),
    ]);
    const sent = fake
      .requestsTo("/v1/billing/meter_events")
      .filter((request) => String(request.body.identifier).includes(org.organizationId));
    expect(sent.map((request) => request.idempotencyKey)).toEqual(sent.map((request) => request.body.identifier));
    expect(await meteredAt(org.organizationId, below)).toBeNull();
    expect(await meteredAt(org.organizationId, crossing)).not.toBeNull();

    // Nothing is left to report.
    expect(await reportOverage(env, now())).toMatchObject({ reported: 0 });
  });

  it("a Stripe failure leaves the entry unmetered, and the next pass sends the same identifier and value", async () => {
    const org = await proOrg();
    await useTokens(org.organizationId, ALLOWANCE);
    const entry = await useTokens(org.organizationId, 300_000);
    fake.failNext("/v1/billing/meter_events");
    expect(await reportOverage(env, now())).toMatchObject({ failed: 1 });
    expect(await meteredAt(org.organizationId, entry)).toBeNull();
    expect(eventsOf(org.organizationId)).toEqual([]);

    expect(await reportOverage(env, now())).toMatchObject({ reported: 1, failed: 0 });
    expect(eventsOf(org.organizationId)).toEqual([
      expect.objectContaining({ payload: { stripe_customer_id: org.customer, value: "300000" } }),
    ]);
    expect(await meteredAt(org.organizationId, entry)).not.toBeNull();
  });

  it("an entry whose meteredAt was lost after Stripe accepted it is not billed twice", async () => {
    const org = await proOrg();
    await useTokens(org.organizationId, ALLOWANCE);
    const entry = await useTokens(org.organizationId, 700_000);
    await reportOverage(env, now());
    // As if the process died between Stripe's answer and the write of meteredAt.
    await getTestPrisma().usageEntry.updateMany({ where: { organizationId: org.organizationId, id: entry }, data: { meteredAt: null } });
    expect(await reportOverage(env, now())).toMatchObject({ reported: 1, failed: 0 });
    expect(eventsOf(org.organizationId)).toHaveLength(1);
    expect(await meteredAt(org.organizationId, entry)).not.toBeNull();
    // With the idempotency key forgotten too (after Stripe's 24 hours), the identifier still counts once.
    await getTestPrisma().usageEntry.updateMany({ where: { organizationId: org.organizationId, id: entry }, data: { meteredAt: null } });
    fake.forgetIdempotencyKeys();
    expect(await reportOverage(env, now())).toMatchObject({ failed: 0 });
    expect(eventsOf(org.organizationId)).toHaveLength(1);
    expect(await meteredAt(org.organizationId, entry)).not.toBeNull();
  });

  it("entries younger than a minute by the database's clock wait, however far ahead the worker's clock runs", async () => {
    const org = await proOrg();
    await useTokens(org.organizationId, ALLOWANCE + 10, "tokens", new Date());
    expect(await reportOverage(env, new Date(Date.now() + 10 * 60_000))).toMatchObject({ reported: 0 });
    expect(eventsOf(org.organizationId)).toEqual([]);
    await getTestPrisma().usageEntry.updateMany({
      where: { organizationId: org.organizationId },
      data: { createdAt: new Date(Date.now() - 61_000) },
    });
    expect(await reportOverage(env, now())).toMatchObject({ reported: 1 });
  });

  it("an entry Stripe refuses for good is skipped and logged, and the organization's other entries still go", async () => {
    const org = await proOrg();
    await useTokens(org.organizationId, ALLOWANCE);
    const refused = await useTokens(org.organizationId, 100_000);
    const next = await useTokens(org.organizationId, 200_000);
    fake.failNext("/v1/billing/meter_events", 1, 400);
    expect(await reportOverage(env, now())).toMatchObject({ reported: 1, failed: 0, skipped: 1 });
    expect(eventsOf(org.organizationId)).toEqual([
      expect.objectContaining({ identifier: `usage_${org.organizationId}_${next}`, payload: expect.objectContaining({ value: "200000" }) }),
    ]);
    // Not sent again forever: it is marked.
    expect(await meteredAt(org.organizationId, refused)).not.toBeNull();
    expect(await reportOverage(env, now())).toMatchObject({ reported: 0, skipped: 0 });
  });

  it("an entry whose share is 0 is marked without a meter event of 0", async () => {
    const org = await proOrg();
    await useTokens(org.organizationId, ALLOWANCE + 1_000);
    // An entry of no tokens right after the crossing lies at the allowance's end, not above it.
    const empty = await useTokens(org.organizationId, 0);
    await reportOverage(env, now());
    expect(eventsOf(org.organizationId).map((event) => (event.payload as { value: string }).value)).toEqual(["1000"]);
    expect(await meteredAt(org.organizationId, empty)).not.toBeNull();
    expect(fake.requestsTo("/v1/billing/meter_events").some((request) => (request.body.payload as { value?: string })?.value === "0")).toBe(
      false,
    );
  });

  it("overage used while Pro is reported after the subscription ends; usage after its end is not", async () => {
    const org = await proOrg();
    await useTokens(org.organizationId, ALLOWANCE);
    const whilePro = await useTokens(org.organizationId, 400_000, "tokens", new Date(Date.now() - 10 * 60_000));
    const endedAt = new Date(Date.now() - 5 * 60_000);
    await useTokens(org.organizationId, 900_000, "tokens", new Date(Date.now() - 2 * 60_000));
    await getTestPrisma().organizationBilling.update({
      where: { organizationId: org.organizationId },
      data: { plan: "free", subscriptionStatus: "canceled", proEndedAt: endedAt },
    });
    expect(await reportOverage(env, now())).toMatchObject({ reported: 1 });
    expect(eventsOf(org.organizationId)).toEqual([
      expect.objectContaining({
        identifier: `usage_${org.organizationId}_${whilePro}`,
        payload: expect.objectContaining({ value: "400000" }),
      }),
    ]);
  });

  it("a lapsed subscription's overage is reported up to the grace period's end", async () => {
    const org = await proOrg("past_due");
    // The grace period (7 days) ended 150 s ago, before the entries above the allowance.
    await getTestPrisma().organizationBilling.update({
      where: { organizationId: org.organizationId },
      data: { pastDueSince: new Date(Date.now() - 7 * 86_400_000 - 150_000) },
    });
    await useTokens(org.organizationId, ALLOWANCE, "tokens", new Date(Date.now() - 3 * 60_000));
    await useTokens(org.organizationId, 50_000, "tokens", new Date(Date.now() - 2 * 60_000));
    await useTokens(org.organizationId, 70_000, "tokens", new Date(Date.now() - 90_000));
    expect(await reportOverage(env, new Date())).toMatchObject({ reported: 0 });
    await getTestPrisma().organizationBilling.update({
      where: { organizationId: org.organizationId },
      data: { pastDueSince: new Date(Date.now() - 7 * 86_400_000 + 100_000) },
    });
    // Now the grace period ends in 100 s (by `now`), after every entry: all of them are Pro's.
    expect(await reportOverage(env, new Date())).toMatchObject({ reported: 2 });
  });

  it("Stripe refuses an identifier for 24 hours (the fake's explicit window): after it, a resend would count again", async () => {
    const fresh = await startFakeStripe();
    try {
      const client = new Stripe("sk_test_x", { ...stripeHostOptions(fresh.url), maxNetworkRetries: 0 });
      const send = () =>
        client.billing.meterEvents.create({
          event_name: "e",
          identifier: "usage_window",
          payload: { value: "1", stripe_customer_id: "c" },
        });
      await send();
      await expect(send()).rejects.toMatchObject({ type: "StripeInvalidRequestError", message: expect.stringContaining("already exists") });
      fresh.passTime(METER_IDENTIFIER_WINDOW_MS);
      await send();
      expect(fresh.meterEvents).toHaveLength(2);
    } finally {
      await fresh.close();
    }
  });

  it("reports nothing for Free, for a subscription past its grace period, or without an overage price", async () => {
    const free = await createTenant("meter-free");
    await getTestPrisma().$transaction([
      getTestPrisma().organizationBilling.create({
        data: { organizationId: free.organizationId, plan: "free", stripeCustomerId: "cus_free" },
      }),
      getTestPrisma().tenantKey.create({ data: { kind: "stripe_customer", key: "cus_free", organizationId: free.organizationId } }),
    ]);
    await useTokens(free.organizationId, ALLOWANCE * 2);
    const lapsed = await proOrg("past_due");
    await getTestPrisma().organizationBilling.update({
      where: { organizationId: lapsed.organizationId },
      data: { pastDueSince: new Date(Date.now() - 8 * 86_400_000) },
    });
    await useTokens(lapsed.organizationId, ALLOWANCE * 2);
    const unpriced = await proOrg();
    await useTokens(unpriced.organizationId, ALLOWANCE * 2);

    expect(await reportOverage({ ...env, STRIPE_PRICE_PRO_OVERAGE: undefined }, now())).toEqual({ reported: 0, failed: 0, skipped: 0 });
    await reportOverage(env, now());
    expect(eventsOf(free.organizationId)).toEqual([]);
    expect(eventsOf(lapsed.organizationId)).toEqual([]);
    expect(eventsOf(unpriced.organizationId)).toHaveLength(1);
  });
});
