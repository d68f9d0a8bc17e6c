// Checkout against the fake Stripe over Postgres: refused while a subscription is alive (none
// started), the same open session for two clicks at once, a stored customer Stripe no longer has
// replaced by a new one, and Stripe's refusals told apart from its outages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/server/env";
import { organizationOfStripeCustomer } from "@/lib/db/billing";
import { openCheckout } from "@/lib/server/billing/checkout";
import { billingOnEnv } from "@/tests/support/billing-env";
import { startFakeStripe, type FakeStripe } from "@/tests/support/fake-stripe";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant } from "../store/support";
import { refusal } from "./refusal";

let fake: FakeStripe;
let env: ReturnType<typeof parseEnv>;
const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  fake = await startFakeStripe();
  env = parseEnv({ ...process.env, ...billingOnEnv(fake.url) });
});

afterAll(async () => {
  await fake?.close();
});

const sessionsOf = (organizationId: string) =>
  fake.requestsTo("/v1/checkout/sessions").filter((request) => request.body.client_reference_id === organizationId);

describe("Checkout", () => {
  it("is 409 while a subscription is alive, whatever its status, and opens nothing; a canceled one allows a new Checkout", async () => {
    const tenant = await createTenant("checkout-live");
    await getTestPrisma().organizationBilling.create({
      data: { organizationId: tenant.organizationId, stripeSubscriptionId: "sub_live", subscriptionStatus: "incomplete" },
    });
    for (const status of ["incomplete", "past_due", null]) {
      await getTestPrisma().organizationBilling.update({
        where: { organizationId: tenant.organizationId },
        data: { subscriptionStatus: status },
      });
      const error = await refusal(openCheckout(tenant, ORIGIN, env));
      expect(error.status).toBe(409);
      expect(error.message).toContain("Manage billing");
    }
    expect(sessionsOf(tenant.organizationId)).toEqual([]);
    await getTestPrisma().organizationBilling.update({
      where: { organizationId: tenant.organizationId },
      data: { subscriptionStatus: "canceled" },
    });
    expect(await openCheckout(tenant, ORIGIN, env)).toMatch(/\/checkout\/cs_/);
  });

  it("two clicks at once get one session and one customer", async () => {
    const tenant = await createTenant("checkout-twice");
    const urls = await Promise.all([
      openCheckout(tenant, ORIGIN, env),
      openCheckout(tenant, ORIGIN, env),
      openCheckout(tenant, ORIGIN, env),
    ]);
    expect(new Set(urls).size).toBe(1);
    expect(sessionsOf(tenant.organizationId)).toHaveLength(1);
    const customers = fake
      .requestsTo("/v1/customers")
      .filter((request) => (request.body.metadata as Record<string, string>)?.organization_id === tenant.organizationId);
    expect(customers).toHaveLength(1);
  });

  it("a stored customer Stripe no longer has is forgotten: a new customer is created and stored, and the webhook finds it", async () => {
    const tenant = await createTenant("checkout-deleted");
    await getTestPrisma().$transaction([
      getTestPrisma().organizationBilling.create({
        data: { organizationId: tenant.organizationId, stripeCustomerId: "cus_deleted_long_ago" },
      }),
      getTestPrisma().tenantKey.create({
        data: { kind: "stripe_customer", key: "cus_deleted_long_ago", organizationId: tenant.organizationId },
      }),
    ]);
    expect(await openCheckout(tenant, ORIGIN, env)).toMatch(/\/checkout\/cs_/);
    const stored = await getTestPrisma().organizationBilling.findUniqueOrThrow({ where: { organizationId: tenant.organizationId } });
    expect(stored.stripeCustomerId).not.toBe("cus_deleted_long_ago");
    expect(sessionsOf(tenant.organizationId).at(-1)?.body.customer).toBe(stored.stripeCustomerId);
    expect(await organizationOfStripeCustomer(stored.stripeCustomerId!)).toBe(tenant.organizationId);
    expect(await organizationOfStripeCustomer("cus_deleted_long_ago")).toBeNull();
  });

  it("an outage is 503 (try again); a refused request says that retrying will not help; a retry after the outage works", async () => {
    const tenant = await createTenant("checkout-errors");
    fake.failNext("/v1/checkout/sessions");
    const outage = await refusal(openCheckout(tenant, ORIGIN, env));
    expect(outage).toMatchObject({ status: 503, code: "stripe_unavailable" });
    fake.failNext("/v1/checkout/sessions", 1, 400);
    const refused = await refusal(openCheckout(tenant, ORIGIN, env));
    expect(refused).toMatchObject({ status: 409, code: "stripe_refused" });
    expect(refused.message).toContain("will not help");
    // The customer made before the failures is the one the retry uses (same idempotency key, same answer).
    expect(await openCheckout(tenant, ORIGIN, env)).toMatch(/\/checkout\/cs_/);
    const customers = new Set(sessionsOf(tenant.organizationId).map((request) => request.body.customer));
    expect(customers.size).toBe(1);
  });
});
