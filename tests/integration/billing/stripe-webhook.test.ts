// Stripe's webhook over Postgres: the signature on the raw body (good, tampered, wrong secret,
// stale, missing), each event type moving the organization's billing state, every event taken once
// (a redelivery, and two deliveries at once, apply once), out-of-order events resolved by their own
// `created`, events naming no organization of ours recorded and applied nowhere, and the grace
// period of a failed payment with an injected clock.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TenantContext } from "@/lib/db/tenant-context";
import { currentPlan } from "@/lib/server/billing/current-plan";
import { PLANS } from "@/lib/server/billing/plans";
import { receiveStripeWebhook, STRIPE_WEBHOOK_MAX_BYTES } from "@/lib/server/billing/stripe-webhook";
import { billingOnEnv, TEST_STRIPE_PRICE_PRO, TEST_STRIPE_WEBHOOK_SECRET } from "@/tests/support/billing-env";
import {
  signedStripeEvent,
  startFakeStripe,
  stripeObjects,
  stripeWebhookRequest,
  type FakeStripe,
  type SignedStripeEvent,
} from "@/tests/support/fake-stripe";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant } from "../store/support";
import { refusal } from "./refusal";

let fake: FakeStripe;
const env = {
  BILLING: "stripe" as const,
  STRIPE_SECRET_KEY: "sk_test_handoff_fake",
  STRIPE_API_URL: "",
  STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
  STRIPE_PRICE_PRO: TEST_STRIPE_PRICE_PRO,
};
const DAY = 86_400_000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

const deliver = (event: Pick<SignedStripeEvent, "payload" | "signature">, now = new Date()) =>
  receiveStripeWebhook(stripeWebhookRequest("http://localhost", event), env, now);

const billingOf = (organizationId: string) => getTestPrisma().organizationBilling.findUnique({ where: { organizationId } });

let counter = 0;
/** An organization with a Stripe customer, as Checkout leaves it. */
async function customerOrg(): Promise<{ tenant: TenantContext; customer: string; subscription: string }> {
  const tenant = await createTenant("billing");
  const customer = `cus_test${++counter}`;
  await getTestPrisma().$transaction([
    getTestPrisma().organizationBilling.create({ data: { organizationId: tenant.organizationId, stripeCustomerId: customer } }),
    getTestPrisma().tenantKey.create({ data: { kind: "stripe_customer", key: customer, organizationId: tenant.organizationId } }),
  ]);
  return { tenant, customer, subscription: `sub_test${counter}` };
}

/**
 * A subscription event whose object is also Stripe's current state of the subscription (what the
 * webhook re-reads), unless `stale`: then the fake keeps whatever state it had.
 */
const subscriptionEvent = (
  type: "created" | "updated" | "deleted",
  org: { tenant: TenantContext; customer: string; subscription: string },
  created: number,
  overrides: Partial<Parameters<typeof stripeObjects.subscription>[0]> = {},
  { stale = false } = {},
) => {
  const object = stripeObjects.subscription({
    id: org.subscription,
    customer: org.customer,
    organizationId: org.tenant.organizationId,
    status: type === "deleted" ? "canceled" : "active",
    periodEnd: created + 30 * 86_400,
    ...overrides,
  });
  if (!stale) fake.putSubscription(object);
  return signedStripeEvent(`customer.subscription.${type}`, object, { created });
};

beforeAll(async () => {
  fake = await startFakeStripe();
  env.STRIPE_API_URL = fake.url;
  // currentPlan reads the environment: billing on, as a server with BILLING=stripe.
  Object.assign(process.env, billingOnEnv(fake.url));
});

afterAll(async () => {
  await fake?.close();
});

describe("the signature", () => {
  const event = () => signedStripeEvent("customer.created", { id: "cus_any", object: "customer" });

  it("a correctly signed event is received", async () => {
    expect(await deliver(event())).toEqual({ received: true, duplicate: false });
  });

  it("a tampered body is refused with 400", async () => {
    const signed = event();
    const error = await refusal(deliver({ ...signed, payload: signed.payload.replace("cus_any", "cus_evil") }));
    expect(error.status).toBe(400);
    expect(error.code).toBe("signature_refused");
    expect(error.message).toContain("signature");
  });

  it("an event signed with another secret is refused", async () => {
    const signed = signedStripeEvent("customer.created", { id: "cus_any" }, { secret: "whsec_someone_else" });
    expect((await refusal(deliver(signed))).status).toBe(400);
  });

  it("a signature older than five minutes is refused (a replay)", async () => {
    const stale = signedStripeEvent("customer.created", { id: "cus_any" }, { timestamp: seconds(new Date()) - 301 });
    expect((await refusal(deliver(stale))).status).toBe(400);
    // The same bytes were fine when they were fresh.
    expect(await deliver(stale, new Date(Date.now() - 300_000))).toMatchObject({ received: true });
  });

  it("no signature header, or a body that is no event, is 400 and nothing is recorded", async () => {
    const before = await getTestPrisma().stripeEvent.count();
    const signed = event();
    expect((await refusal(deliver({ payload: signed.payload, signature: "" }))).status).toBe(400);
    // Signed bytes that are not JSON, and signed JSON that is no event (no id): refused after the signature.
    const notJson = Stripe.webhooks.generateTestHeaderString({ payload: "{not json", secret: TEST_STRIPE_WEBHOOK_SECRET });
    expect(await refusal(deliver({ payload: "{not json", signature: notJson }))).toMatchObject({ status: 400 });
    const noId = JSON.stringify({ type: "invoice.paid", created: 1, data: { object: {} } });
    const noIdSignature = Stripe.webhooks.generateTestHeaderString({ payload: noId, secret: TEST_STRIPE_WEBHOOK_SECRET });
    expect(await refusal(deliver({ payload: noId, signature: noIdSignature }))).toMatchObject({ status: 400 });
    expect(await getTestPrisma().stripeEvent.count()).toBe(before);
  });

  it("a body over 1 MB is 413 before anything is verified", async () => {
    const huge = signedStripeEvent("customer.created", { id: "cus_any", padding: "x".repeat(STRIPE_WEBHOOK_MAX_BYTES) });
    expect((await refusal(deliver(huge))).status).toBe(413);
  });

  it("with billing off there is no secret: 409 says billing is not configured", async () => {
    const error = await refusal(
      receiveStripeWebhook(stripeWebhookRequest("http://localhost", event()), {
        ...env,
        BILLING: undefined,
        STRIPE_SECRET_KEY: undefined,
        STRIPE_WEBHOOK_SECRET: undefined,
        STRIPE_PRICE_PRO: undefined,
      }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toContain("BILLING=stripe");
  });

  it("BILLING=off with every Stripe variable still set: 409, nothing recorded or applied", async () => {
    const org = await customerOrg();
    const signed = subscriptionEvent("created", org, seconds(new Date()));
    const error = await refusal(receiveStripeWebhook(stripeWebhookRequest("http://localhost", signed), { ...env, BILLING: "off" }));
    expect(error.status).toBe(409);
    expect(await getTestPrisma().stripeEvent.count({ where: { id: signed.id } })).toBe(0);
    expect(await billingOf(org.tenant.organizationId)).toMatchObject({ plan: "free", stripeSubscriptionId: null });
  });
});

describe("each event type moves the organization's state", () => {
  it("checkout.session.completed links the subscription of the organization's own customer", async () => {
    const org = await customerOrg();
    const session = stripeObjects.checkoutSession({
      id: "cs_1",
      organizationId: org.tenant.organizationId,
      customer: org.customer,
      subscription: "sub_new",
    });
    expect(await deliver(signedStripeEvent("checkout.session.completed", session))).toEqual({ received: true, duplicate: false });
    expect(await billingOf(org.tenant.organizationId)).toMatchObject({
      stripeCustomerId: org.customer,
      stripeSubscriptionId: "sub_new",
      plan: "free",
    });
  });

  it("a completed Checkout naming the organization with someone else's customer applies nothing", async () => {
    const victim = await customerOrg();
    const attacker = await customerOrg();
    const session = {
      ...stripeObjects.checkoutSession({
        id: "cs_x",
        organizationId: victim.tenant.organizationId,
        customer: attacker.customer,
        subscription: "sub_attacker",
      }),
    };
    await deliver(signedStripeEvent("checkout.session.completed", session));
    const withoutCustomer = await createTenant("checkout-none");
    await deliver(
      signedStripeEvent(
        "checkout.session.completed",
        stripeObjects.checkoutSession({
          id: "cs_y",
          organizationId: withoutCustomer.organizationId,
          customer: "cus_any",
          subscription: "sub_any",
        }),
      ),
    );
    expect(await billingOf(victim.tenant.organizationId)).toMatchObject({ stripeCustomerId: victim.customer, stripeSubscriptionId: null });
    expect(await billingOf(withoutCustomer.organizationId)).toMatchObject({ stripeCustomerId: null, stripeSubscriptionId: null });
  });

  it("a second subscription (a Checkout completed while one is alive) is not stored over the first: logged and audited", async () => {
    const org = await customerOrg();
    const t = seconds(new Date()) - 100;
    await deliver(subscriptionEvent("created", org, t));
    const second = { ...org, subscription: `${org.subscription}_second` };
    await deliver(
      signedStripeEvent(
        "checkout.session.completed",
        stripeObjects.checkoutSession({
          id: "cs_2",
          organizationId: org.tenant.organizationId,
          customer: org.customer,
          subscription: second.subscription,
        }),
        { created: t + 5 },
      ),
    );
    await deliver(subscriptionEvent("created", second, t + 5, { status: "active" }));
    await deliver(subscriptionEvent("updated", second, t + 6, { cancelAtPeriodEnd: true }));
    expect(await billingOf(org.tenant.organizationId)).toMatchObject({
      plan: "pro",
      stripeSubscriptionId: org.subscription,
      cancelAtPeriodEnd: false,
    });
    expect(
      await getTestPrisma().auditLog.findFirst({
        where: { organizationId: org.tenant.organizationId, action: "billing.second_subscription" },
      }),
    ).toMatchObject({ target: second.subscription, metadata: expect.objectContaining({ kept: org.subscription }) });
  });

  it("subscription created → Pro, active, with the item's period end; updated → cancel at period end; deleted → Free", async () => {
    const org = await customerOrg();
    const t = seconds(new Date()) - 100;
    await deliver(subscriptionEvent("created", org, t));
    expect(await billingOf(org.tenant.organizationId)).toMatchObject({
      plan: "pro",
      subscriptionStatus: "active",
      stripeSubscriptionId: org.subscription,
      currentPeriodEnd: new Date((t + 30 * 86_400) * 1000),
      cancelAtPeriodEnd: false,
    });
    expect((await currentPlan(org.tenant.organizationId)).limits).toEqual(PLANS.pro.limits);

    await deliver(subscriptionEvent("updated", org, t + 10, { cancelAtPeriodEnd: true }));
    expect(await billingOf(org.tenant.organizationId)).toMatchObject({ plan: "pro", cancelAtPeriodEnd: true });

    await deliver(subscriptionEvent("deleted", org, t + 20));
    expect(await billingOf(org.tenant.organizationId)).toMatchObject({
      plan: "free",
      subscriptionStatus: "canceled",
      cancelAtPeriodEnd: false,
    });
    expect((await currentPlan(org.tenant.organizationId)).limits).toEqual(PLANS.free.limits);

    const audit = await getTestPrisma().auditLog.findMany({
      where: { organizationId: org.tenant.organizationId, action: "billing.plan_changed" },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((entry) => entry.metadata)).toEqual([
      expect.objectContaining({ from: "free", to: "pro" }),
      expect.objectContaining({ from: "pro", to: "free" }),
    ]);
  });

  it("a subscription to another price is not Pro", async () => {
    const org = await customerOrg();
    await deliver(subscriptionEvent("created", org, seconds(new Date()), { price: "price_something_else" }));
    expect(await billingOf(org.tenant.organizationId)).toMatchObject({ plan: "free", subscriptionStatus: "active" });
  });

  it("invoice.payment_failed marks the subscription past due once; invoice.paid clears it", async () => {
    const org = await customerOrg();
    const t = seconds(new Date()) - 1000;
    await deliver(subscriptionEvent("created", org, t));
    const invoice = stripeObjects.invoice({ id: "in_1", customer: org.customer, subscription: org.subscription });
    await deliver(signedStripeEvent("invoice.payment_failed", invoice, { created: t + 10 }));
    expect((await billingOf(org.tenant.organizationId))?.pastDueSince).toEqual(new Date((t + 10) * 1000));
    // A second failure keeps the first date: the grace period does not start again.
    await deliver(signedStripeEvent("invoice.payment_failed", invoice, { created: t + 20 }));
    expect((await billingOf(org.tenant.organizationId))?.pastDueSince).toEqual(new Date((t + 10) * 1000));
    await deliver(signedStripeEvent("invoice.paid", invoice, { created: t + 30 }));
    expect((await billingOf(org.tenant.organizationId))?.pastDueSince).toBeNull();
  });
});

describe("every event is taken once", () => {
  it("a redelivered event id applies nothing and says duplicate", async () => {
    const org = await customerOrg();
    const created = subscriptionEvent("created", org, seconds(new Date()) - 50);
    await deliver(created);
    // The same id again, this time (as an attacker could not, but a bug might) with other content.
    const again = signedStripeEvent("customer.subscription.deleted", JSON.parse(created.payload).data.object, { id: created.id });
    expect(await deliver(again)).toEqual({ received: true, duplicate: true });
    expect(await billingOf(org.tenant.organizationId)).toMatchObject({ plan: "pro", subscriptionStatus: "active" });
  });

  it("two deliveries of one event at once apply once", async () => {
    const org = await customerOrg();
    const event = signedStripeEvent("invoice.payment_failed", stripeObjects.invoice({ id: "in_race", customer: org.customer }), {
      created: seconds(new Date()),
    });
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((answer) => answer.duplicate).sort()).toEqual([false, true, true]);
    expect(await getTestPrisma().stripeEvent.count({ where: { id: event.id } })).toBe(1);
  });
});

describe("out of order", () => {
  it("a late update applies the subscription's current state, not its own, and is recorded as taken", async () => {
    const org = await customerOrg();
    const t = seconds(new Date()) - 500;
    await deliver(subscriptionEvent("updated", org, t + 100, { cancelAtPeriodEnd: true }));
    const stale = subscriptionEvent("updated", org, t, { status: "past_due" }, { stale: true });
    expect(await deliver(stale)).toEqual({ received: true, duplicate: false });
    expect(await billingOf(org.tenant.organizationId)).toMatchObject({
      subscriptionStatus: "active",
      cancelAtPeriodEnd: true,
      pastDueSince: null,
    });
    expect(await getTestPrisma().stripeEvent.findUnique({ where: { id: stale.id } })).toMatchObject({
      organizationId: org.tenant.organizationId,
      type: "customer.subscription.updated",
    });
  });

  it("deleted, then a stale update: the subscription stays canceled", async () => {
    const org = await customerOrg();
    const t = seconds(new Date()) - 500;
    await deliver(subscriptionEvent("deleted", org, t + 100));
    await deliver(subscriptionEvent("updated", org, t + 50, {}, { stale: true }));
    // An update of the same second as the deletion does not revive it either.
    await deliver(subscriptionEvent("updated", org, t + 100, {}, { stale: true }));
    expect(await billingOf(org.tenant.organizationId)).toMatchObject({ plan: "free", subscriptionStatus: "canceled" });
  });

  it("a paid invoice older than the stored failure does not clear it", async () => {
    const org = await customerOrg();
    const t = seconds(new Date()) - 500;
    const invoice = stripeObjects.invoice({ id: "in_2", customer: org.customer });
    await deliver(signedStripeEvent("invoice.payment_failed", invoice, { created: t + 100 }));
    await deliver(signedStripeEvent("invoice.paid", invoice, { created: t }));
    expect((await billingOf(org.tenant.organizationId))?.pastDueSince).toEqual(new Date((t + 100) * 1000));
  });

  it("two updates of the same second, delivered in either order, leave Stripe's current state", async () => {
    const org = await customerOrg();
    const t = seconds(new Date()) - 300;
    await deliver(subscriptionEvent("created", org, t - 10));
    const first = subscriptionEvent("updated", org, t, { cancelAtPeriodEnd: true }, { stale: true });
    const second = subscriptionEvent("updated", org, t, { cancelAtPeriodEnd: false, status: "past_due" });
    // Stripe's state is the second's; the first arrives last.
    await deliver(second);
    await deliver(first);
    expect(await billingOf(org.tenant.organizationId)).toMatchObject({ subscriptionStatus: "past_due", cancelAtPeriodEnd: false });
  });

  it("Stripe unreachable for the re-read: 503, the event is not recorded, and its redelivery applies", async () => {
    const org = await customerOrg();
    const event = subscriptionEvent("created", org, seconds(new Date()));
    fake.failNext(`/v1/subscriptions/${org.subscription}`);
    const error = await refusal(deliver(event));
    expect(error.status).toBe(503);
    expect(await getTestPrisma().stripeEvent.count({ where: { id: event.id } })).toBe(0);
    expect(await deliver(event)).toEqual({ received: true, duplicate: false });
    expect(await billingOf(org.tenant.organizationId)).toMatchObject({ plan: "pro", subscriptionStatus: "active" });
  });

  it("payment fails, is paid, a late past_due update arrives, then active: still Pro after the grace period", async () => {
    const org = await customerOrg();
    const t1 = seconds(new Date()) - 600;
    const t2 = t1 + 120;
    await deliver(subscriptionEvent("created", org, t1 - 100));
    const invoice = stripeObjects.invoice({ id: "in_late", customer: org.customer, subscription: org.subscription });
    await deliver(signedStripeEvent("invoice.payment_failed", invoice, { created: t1 }));
    await deliver(signedStripeEvent("invoice.paid", invoice, { created: t2 }));
    // The past_due update of T1 comes late, while Stripe (as the fake says) still answers past_due.
    await deliver(subscriptionEvent("updated", org, t1, { status: "past_due" }));
    expect((await billingOf(org.tenant.organizationId))?.pastDueSince).toBeNull();
    await deliver(subscriptionEvent("updated", org, t2, { status: "active" }));
    const later = await currentPlan(org.tenant.organizationId, new Date((t1 + 8 * 86_400) * 1000));
    expect(later.limits).toEqual(PLANS.pro.limits);
    expect(later.effective).toMatchObject({ plan: "pro", pastDue: false });
  });

  it("an active subscription clears a past-due mark the invoice events left", async () => {
    const org = await customerOrg();
    const t = seconds(new Date()) - 300;
    await deliver(subscriptionEvent("created", org, t - 10));
    const invoice = stripeObjects.invoice({ id: "in_same", customer: org.customer });
    // Failed and paid in one second: the paid one, delivered second, cannot be told newer and changes nothing ...
    await deliver(signedStripeEvent("invoice.payment_failed", invoice, { created: t }));
    await deliver(signedStripeEvent("invoice.paid", invoice, { created: t }));
    expect((await billingOf(org.tenant.organizationId))?.pastDueSince).toEqual(new Date(t * 1000));
    // ... and the subscription's state settles it.
    await deliver(subscriptionEvent("updated", org, t, { status: "active" }));
    expect((await billingOf(org.tenant.organizationId))?.pastDueSince).toBeNull();
  });

  it("an old subscription's late deletion does not cancel the one that replaced it", async () => {
    const org = await customerOrg();
    const t = seconds(new Date()) - 500;
    await deliver(subscriptionEvent("created", { ...org, subscription: "sub_new_one" }, t));
    await deliver(subscriptionEvent("deleted", { ...org, subscription: "sub_old_one" }, t + 10));
    expect(await billingOf(org.tenant.organizationId)).toMatchObject({
      plan: "pro",
      stripeSubscriptionId: "sub_new_one",
      subscriptionStatus: "active",
    });
  });
});

describe("events that name nothing of ours", () => {
  it("an unknown organization or customer: 200, recorded, nothing applied", async () => {
    const event = signedStripeEvent(
      "customer.subscription.created",
      stripeObjects.subscription({ id: "sub_stranger", customer: "cus_stranger", organizationId: "org_that_does_not_exist" }),
    );
    expect(await deliver(event)).toEqual({ received: true, duplicate: false });
    expect(await getTestPrisma().stripeEvent.findUnique({ where: { id: event.id } })).toMatchObject({ organizationId: null });
    expect(await getTestPrisma().organizationBilling.count({ where: { stripeSubscriptionId: "sub_stranger" } })).toBe(0);
  });

  it("a type Handoff does not read, or an object of another shape: recorded, nothing applied", async () => {
    const org = await customerOrg();
    const other = signedStripeEvent("charge.refunded", { id: "ch_1", customer: org.customer });
    const odd = signedStripeEvent("customer.subscription.updated", { id: org.subscription, items: "not a list" });
    expect(await deliver(other)).toEqual({ received: true, duplicate: false });
    expect(await deliver(odd)).toEqual({ received: true, duplicate: false });
    expect(await getTestPrisma().stripeEvent.count({ where: { id: { in: [other.id, odd.id] } } })).toBe(2);
    expect(await billingOf(org.tenant.organizationId)).toMatchObject({ subscriptionStatus: null, plan: "free" });
  });
});

describe("the grace period of a failed payment", () => {
  it("limits stay Pro until day 7 after the first failure, then fall to Free; payment brings Pro back", async () => {
    const org = await customerOrg();
    const failedAt = new Date(Date.now() - 60_000);
    await deliver(subscriptionEvent("created", org, seconds(failedAt) - 100));
    await deliver(subscriptionEvent("updated", org, seconds(failedAt), { status: "past_due" }));
    await deliver(
      signedStripeEvent("invoice.payment_failed", stripeObjects.invoice({ id: "in_g", customer: org.customer }), {
        created: seconds(failedAt),
      }),
    );
    const at = (days: number) => new Date(seconds(failedAt) * 1000 + days * DAY);

    const within = await currentPlan(org.tenant.organizationId, at(6.9));
    expect(within.limits).toEqual(PLANS.pro.limits);
    expect(within.effective).toMatchObject({ pastDue: true, downgraded: false, graceEndsAt: at(7) });
    const after = await currentPlan(org.tenant.organizationId, at(7));
    expect(after.limits).toEqual(PLANS.free.limits);
    expect(after.effective).toMatchObject({ plan: "free", subscribed: "pro", downgraded: true });
    // Nothing was deleted: the subscription is still stored, and paying restores Pro.
    await deliver(
      signedStripeEvent("invoice.paid", stripeObjects.invoice({ id: "in_g", customer: org.customer }), { created: seconds(failedAt) + 60 }),
    );
    await deliver(subscriptionEvent("updated", org, seconds(failedAt) + 60));
    expect((await currentPlan(org.tenant.organizationId, at(8))).limits).toEqual(PLANS.pro.limits);
  });
});
