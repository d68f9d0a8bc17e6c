// Billing over real HTTP against the production build: a server of its own with BILLING=stripe
// pointed at the fake Stripe (tests/support/fake-stripe.ts). Owners open Checkout and the portal,
// admins read the plan, members are refused; the Stripe webhook moves the plan through HTTP; and the
// shared server (billing off) says billing is not configured.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "@/tests/support/app-server";
import { billingOnEnv, TEST_STRIPE_PRICE_PRO, TEST_STRIPE_PRICE_PRO_OVERAGE } from "@/tests/support/billing-env";
import { deliverStripeEvent, signedStripeEvent, startFakeStripe, stripeObjects, type FakeStripe } from "@/tests/support/fake-stripe";
import { appBaseURL, appDatabaseUrl } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";

let fake: FakeStripe;
let server: AppServer;
let team: { owner: TestAccount; admin: TestAccount; member: TestAccount; slug: string };
let organizationId: string;

const billingOf = async (slug: string) =>
  (
    await sql<{ stripeCustomerId: string | null; plan: string }>(
      `SELECT b."stripeCustomerId", b."plan"::text AS "plan" FROM "OrganizationBilling" b JOIN "Organization" o ON o."id" = b."organizationId" WHERE o."slug" = $1`,
      [slug],
    )
  )[0];

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startAppServer({ databaseUrl: appDatabaseUrl(), env: billingOnEnv(fake.url) });
  team = await teamOf(server.baseURL);
  [{ id: organizationId }] = await sql<{ id: string }>(`SELECT "id" FROM "Organization" WHERE "slug" = $1`, [team.slug]);
});

afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe("Checkout", () => {
  it("an owner gets a Checkout url from Stripe for Pro, with the organization named on the session", async () => {
    const answer = await team.owner.client.json<{ url: string }>(`/api/orgs/${team.slug}/billing/checkout`, { method: "POST" });
    expect(answer.status).toBe(200);
    expect(answer.body.url).toMatch(new RegExp(`^${fake.url}/checkout/cs_`));

    const [customer] = fake
      .requestsTo("/v1/customers")
      .filter((request) => (request.body.metadata as Record<string, string>)?.organization_id === organizationId);
    // The key carries the billing row's last change: a retry after a lost answer gets the same customer.
    expect(customer.idempotencyKey).toMatch(new RegExp(`^customer_${organizationId}_\\d+$`));
    const session = fake.requestsTo("/v1/checkout/sessions").find((request) => request.body.client_reference_id === organizationId)!;
    expect(session.body).toMatchObject({
      mode: "subscription",
      customer: (await billingOf(team.slug)).stripeCustomerId,
      line_items: [{ price: TEST_STRIPE_PRICE_PRO, quantity: "1" }, { price: TEST_STRIPE_PRICE_PRO_OVERAGE }],
      subscription_data: { metadata: { organization_id: organizationId } },
      success_url: `${server.baseURL}/${team.slug}/settings/billing?checkout=success`,
      cancel_url: `${server.baseURL}/${team.slug}/settings/billing?checkout=canceled`,
    });
  });

  it("a second Checkout (two tabs at once too) gets the session already open, with the same customer", async () => {
    const customers = fake.requestsTo("/v1/customers").length;
    const sessions = fake.requestsTo("/v1/checkout/sessions").length;
    const open = () => team.owner.client.json<{ url: string }>(`/api/orgs/${team.slug}/billing/checkout`, { method: "POST" });
    const [first, second] = await Promise.all([open(), open()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.url).toBe(first.body.url);
    expect(fake.requestsTo("/v1/customers")).toHaveLength(customers);
    expect(fake.requestsTo("/v1/checkout/sessions")).toHaveLength(sessions);
  });

  it("admins and members get 403 and no session is created", async () => {
    const before = fake.requestsTo("/v1/checkout/sessions").length;
    for (const account of [team.admin, team.member]) {
      const answer = await account.client.json<{ error: { message: string } }>(`/api/orgs/${team.slug}/billing/checkout`, {
        method: "POST",
      });
      expect(answer.status).toBe(403);
      expect(answer.body.error.message).toContain("Only owners");
    }
    expect(fake.requestsTo("/v1/checkout/sessions")).toHaveLength(before);
  });

  it("admins read the plan without managing it; members may not read it", async () => {
    const asAdmin = await team.admin.client.json<{ mode: string; plan: string; can_manage: boolean; has_customer: boolean }>(
      `/api/orgs/${team.slug}/billing`,
    );
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toMatchObject({ mode: "stripe", plan: "free", can_manage: false, has_customer: true });
    expect((await team.owner.client.json<{ can_manage: boolean }>(`/api/orgs/${team.slug}/billing`)).body.can_manage).toBe(true);
    expect((await team.member.client.json(`/api/orgs/${team.slug}/billing`)).status).toBe(403);
  });
});

describe("the Stripe webhook through HTTP", () => {
  it("a signed subscription event makes the organization Pro; Checkout then refuses and points at the portal", async () => {
    const customer = (await billingOf(team.slug)).stripeCustomerId!;
    const subscription = stripeObjects.subscription({
      id: `sub_${organizationId}`,
      customer,
      organizationId,
      periodEnd: Math.floor(Date.now() / 1000) + 30 * 86_400,
    });
    // The webhook re-reads the subscription from Stripe: the fake's current state is this one.
    fake.putSubscription(subscription);
    const created = signedStripeEvent("customer.subscription.created", subscription);
    expect(await deliverStripeEvent(server.baseURL, created)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await deliverStripeEvent(server.baseURL, created)).toEqual({ status: 200, body: { received: true, duplicate: true } });

    const state = await team.owner.client.json<{ plan: string; subscription_status: string; current_period_end: string }>(
      `/api/orgs/${team.slug}/billing`,
    );
    expect(state.body).toMatchObject({ plan: "pro", subscription_status: "active" });
    expect(state.body.current_period_end).not.toBeNull();

    const again = await team.owner.client.json<{ error: { message: string } }>(`/api/orgs/${team.slug}/billing/checkout`, {
      method: "POST",
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain("Manage billing");
  });

  it("a bad signature is 400 JSON, an oversized body 413, and neither needs a session", async () => {
    const event = signedStripeEvent("invoice.paid", stripeObjects.invoice({ id: "in_x", customer: "cus_x" }));
    const tampered = await deliverStripeEvent(server.baseURL, { ...event, payload: event.payload.replace("cus_x", "cus_y") });
    expect(tampered).toMatchObject({ status: 400, body: { error: { code: "signature_refused" } } });
    const unsigned = await fetch(`${server.baseURL}/api/webhooks/stripe`, { method: "POST", body: "{}" });
    expect(unsigned.status).toBe(400);
    const huge = await fetch(`${server.baseURL}/api/webhooks/stripe`, {
      method: "POST",
      body: "x".repeat(1024 * 1024 + 1),
      headers: { "stripe-signature": "t=1,v1=00" },
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: "payload_too_large" } });
  });
});

describe("the customer portal", () => {
  it("an owner gets a portal url for the stored customer, back to the billing page", async () => {
    const answer = await team.owner.client.json<{ url: string }>(`/api/orgs/${team.slug}/billing/portal`, { method: "POST" });
    expect(answer.status).toBe(200);
    expect(answer.body.url).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
    const session = fake.requestsTo("/v1/billing_portal/sessions").at(-1)!;
    expect(session.body).toEqual({
      customer: (await billingOf(team.slug)).stripeCustomerId,
      return_url: `${server.baseURL}/${team.slug}/settings/billing`,
    });
    expect((await team.admin.client.json(`/api/orgs/${team.slug}/billing/portal`, { method: "POST" })).status).toBe(403);
  });

  it("an organization that never went through Checkout has no portal: 409 with a sentence", async () => {
    const loner = await createAccount(server.baseURL, "loner");
    const answer = await loner.client.json<{ error: { message: string } }>(`/api/orgs/${loner.orgSlug}/billing/portal`, { method: "POST" });
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toContain("Upgrade to Pro first");
  });
});

describe("billing off (the shared server)", () => {
  it("Checkout and the portal are 409 'not configured', and the state says how to configure it", async () => {
    const owner = await createAccount(appBaseURL(), "selfhost");
    for (const action of ["checkout", "portal"]) {
      const answer = await owner.client.json<{ error: { message: string } }>(`/api/orgs/${owner.orgSlug}/billing/${action}`, {
        method: "POST",
      });
      expect(answer.status).toBe(409);
      expect(answer.body.error.message).toContain("Billing is not configured");
    }
    const state = await owner.client.json<{ mode: string; plan: null; configure_hint: string }>(`/api/orgs/${owner.orgSlug}/billing`);
    expect(state.body).toMatchObject({ mode: "off", plan: null });
    expect(state.body.configure_hint).toContain("BILLING=stripe");
  });
});
