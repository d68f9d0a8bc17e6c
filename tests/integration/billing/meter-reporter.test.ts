// Pro's overage reported to Stripe's meter, with the real `stripe` client against the local fake:
// one event per entry above the allowance with its share (identifier `usage_<org>_<entry>`, also the
// idempotency key), `meteredAt` set after; a Stripe failure leaves the entry for the next pass, and
// neither that retry nor a lost `meteredAt` write ever reports an entry twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/server/env";
import { reportOverage } from "@/lib/server/billing/meter-reporter";
import { PLANS } from "@/lib/server/billing/plans";
import { billingOnEnv } from "@/tests/support/billing-env";
import { startFakeStripe, type FakeStripe } from "@/tests/support/fake-stripe";
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
  await getTestPrisma().organizationBilling.create({
    data: {
      organizationId: tenant.organizationId,
      plan: "pro",
      subscriptionStatus: status,
      stripeCustomerId: customer,
      stripeSubscriptionId: "sub_m",
    },
  });
  return { organizationId: tenant.organizationId, customer };
}

async function useTokens(organizationId: string, tokensIn: number, kind = "tokens") {
  const entry = await getTestPrisma().usageEntry.create({
    data: { organizationId, kind, tokensIn: Math.floor(tokensIn / 2), tokensOut: Math.ceil(tokensIn / 2), createdAt: new Date() },
  });
  return entry.id;
}

const eventsOf = (organizationId: string) =>
  [...fake.meterEvents.values()].filter((event) => String(event.identifier).startsWith(`usage_${organizationId}_`));
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
    expect(result).toEqual({ reported: 2, failed: 0 });
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

  it("entries younger than a minute wait for the next pass", async () => {
    const org = await proOrg();
    await useTokens(org.organizationId, ALLOWANCE + 10);
    expect(await reportOverage(env, new Date())).toMatchObject({ reported: 0 });
    expect(await reportOverage(env, now())).toMatchObject({ reported: 1 });
  });

  it("reports nothing for Free, for a subscription past its grace period, or without an overage price", async () => {
    const free = await createTenant("meter-free");
    await getTestPrisma().organizationBilling.create({
      data: { organizationId: free.organizationId, plan: "free", stripeCustomerId: "cus_free" },
    });
    await useTokens(free.organizationId, ALLOWANCE * 2);
    const lapsed = await proOrg("past_due");
    await getTestPrisma().organizationBilling.update({
      where: { organizationId: lapsed.organizationId },
      data: { pastDueSince: new Date(Date.now() - 8 * 86_400_000) },
    });
    await useTokens(lapsed.organizationId, ALLOWANCE * 2);
    const unpriced = await proOrg();
    await useTokens(unpriced.organizationId, ALLOWANCE * 2);

    expect(await reportOverage({ ...env, STRIPE_PRICE_PRO_OVERAGE: undefined }, now())).toEqual({ reported: 0, failed: 0 });
    await reportOverage(env, now());
    expect(eventsOf(free.organizationId)).toEqual([]);
    expect(eventsOf(lapsed.organizationId)).toEqual([]);
    expect(eventsOf(unpriced.organizationId)).toHaveLength(1);
  });
});
