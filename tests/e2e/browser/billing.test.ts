// Settings → Billing in the browser: on the shared server (billing off) it says billing is not
// configured and how; on a server of its own with BILLING=stripe and the fake Stripe, an owner's
// "Upgrade to Pro" lands on the fake's Checkout page, and after a signed invoice.payment_failed the
// owner sees the past-due banner on the organization's pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startAppServer, type AppServer } from "@/tests/support/app-server";
import { billingOnEnv } from "@/tests/support/billing-env";
import { deliverStripeEvent, signedStripeEvent, startFakeStripe, stripeObjects, type FakeStripe } from "@/tests/support/fake-stripe";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { joinTeam, signUp } from "../support/chat";
import { appBaseURL, appDatabaseUrl } from "../support/env";
import { sql } from "../support/sql";

let browser: Browser;
let fake: FakeStripe;
let server: AppServer;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  fake = await startFakeStripe();
  server = await startAppServer({ databaseUrl: appDatabaseUrl(), env: billingOnEnv(fake.url) });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

describe.skipIf(skipBrowser)("the billing page", () => {
  it("without billing it says billing is not configured and how to configure it", async () => {
    const owner = await signUp(browser, "Linus Selfhost");
    await owner.page.goto(`${appBaseURL()}/${owner.slug}/settings/billing`);
    await owner.page.getByText("Billing is not configured", { exact: true }).waitFor();
    await owner.page.getByText(/Set BILLING=stripe with STRIPE_SECRET_KEY/).waitFor();
    expect(await owner.page.getByRole("button", { name: "Upgrade to Pro" }).count()).toBe(0);
    await owner.context.close();
  });

  it("an owner upgrades: the button opens Stripe Checkout", async () => {
    const owner = await signUp(browser, "Grace Upgrade", server.baseURL);
    await owner.page.goto(`${server.baseURL}/${owner.slug}/settings/billing`);
    await owner.page.getByText("Current plan:").waitFor();
    await owner.page.getByRole("heading", { name: /^Pro/ }).waitFor();
    await owner.page.getByRole("list", { name: "Pro limits" }).getByText("20,000,000").waitFor();
    await owner.page.getByRole("button", { name: "Upgrade to Pro" }).click();
    await owner.page.waitForURL(new RegExp(`^${fake.url}/checkout/cs_`));
    await owner.page.getByRole("heading", { name: "Fake Stripe Checkout" }).waitFor();
    // Stripe sends a canceled Checkout back to the page's cancel_url.
    await owner.page.goto(`${server.baseURL}/${owner.slug}/settings/billing?checkout=canceled`);
    await owner.page.getByText("Checkout was canceled. Nothing was charged.").waitFor();
    await owner.context.close();
  });

  it("an admin reads the plan without the buttons; a member is told to ask an owner", async () => {
    const owner = await signUp(browser, "Owen Owner", server.baseURL);
    const admin = await signUp(browser, "Adam Admin", server.baseURL);
    const member = await signUp(browser, "Mia Member", server.baseURL);
    await joinTeam(owner, admin, "admin");
    await joinTeam(owner, member, "member");
    await admin.page.goto(`${server.baseURL}/${owner.slug}/settings/billing`);
    await admin.page.getByText("Only owners can upgrade or manage billing. Ask an owner of this organization.").waitFor();
    await admin.page.getByRole("heading", { name: /^Free/ }).waitFor();
    expect(await admin.page.getByRole("button", { name: "Upgrade to Pro" }).count()).toBe(0);
    await member.page.goto(`${server.baseURL}/${owner.slug}/settings/billing`);
    await member.page.getByText(/Ask an owner of this organization/).waitFor();
    expect(await member.page.getByRole("heading", { name: /^Pro/ }).count()).toBe(0);
    for (const user of [owner, admin, member]) await user.context.close();
  });

  it("after a failed payment the owner sees the past-due banner on every page", async () => {
    const owner = await signUp(browser, "Ada Pastdue", server.baseURL);
    const [{ id: organizationId }] = await sql<{ id: string }>(`SELECT "id" FROM "Organization" WHERE "slug" = $1`, [owner.slug]);
    const customer = `cus_browser_${organizationId}`;
    const now = Math.floor(Date.now() / 1000);
    const subscription = stripeObjects.subscription({
      id: `sub_${organizationId}`,
      customer,
      organizationId,
      periodEnd: now + 30 * 86_400,
    });
    // The webhook re-reads the subscription from Stripe: the fake's current state is this one.
    fake.putSubscription(subscription);
    expect(
      (await deliverStripeEvent(server.baseURL, signedStripeEvent("customer.subscription.created", subscription, { created: now - 10 })))
        .status,
    ).toBe(200);
    expect(
      (
        await deliverStripeEvent(
          server.baseURL,
          signedStripeEvent("invoice.payment_failed", stripeObjects.invoice({ id: `in_${organizationId}`, customer, organizationId })),
        )
      ).status,
    ).toBe(200);

    await owner.page.goto(`${server.baseURL}/${owner.slug}`);
    const banner = owner.page.getByRole("alert").filter({ hasText: "Payment failed — fix it by" });
    await banner.waitFor();
    expect(await banner.textContent()).toContain("or limits fall to Free");
    await banner.getByRole("link", { name: "Fix the payment in Billing" }).click();
    await owner.page.waitForURL(new RegExp(`/${owner.slug}/settings/billing$`));
    await owner.page.getByRole("button", { name: "Manage billing" }).waitFor();
    await screenshot(owner.page, "billing-past-due");
    await owner.context.close();
  });
});
