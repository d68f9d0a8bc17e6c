// The usage page in Chromium: seeded entries drawn as a chart per day with their values, the
// messages meter warning at 80% of Free's limit on a server with billing on, the tables, the
// CSV download, and the same page on the billing-off server saying there are no limits.
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startAppServer, type AppServer } from "../../support/app-server";
import { billingOnEnv } from "../../support/billing-env";
import { appBaseURL, appDatabaseUrl } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { signUp, type ChatUser } from "../support/chat";
import { sql } from "../support/sql";

let browser: Browser;
let billed: AppServer;
let owner: ChatUser;
const now = new Date();
const thisMonth = now.toISOString().slice(0, 7);
const monthStart = `${thisMonth}-01T00:00:00Z`;
const apiOnlyMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)).toISOString().slice(0, 7);

beforeAll(async () => {
  if (skipBrowser) return;
  billed = await startAppServer({ databaseUrl: appDatabaseUrl(), env: billingOnEnv() });
  browser = await launchBrowser();
  owner = await signUp(browser, "Grace Hopper", billed.baseURL);
  const [{ id: organizationId, userId }] = await sql<{ id: string; userId: string }>(
    `SELECT o."id", m."userId" FROM "Organization" o JOIN "Membership" m ON m."organizationId" = o."id" WHERE o."slug" = $1`,
    [owner.slug],
  );
  const [{ id: conversationId }] = await sql<{ id: string }>(
    `INSERT INTO "Conversation" ("id", "organizationId", "title", "updatedAt") VALUES ('usage-' || md5(random()::text), $1, 'Quarterly plan', now()) RETURNING "id"`,
    [organizationId],
  );
  // Tokens on the month's first day and today (the same day on the 1st), and 250 of Free's 300 messages.
  await sql(
    `INSERT INTO "UsageEntry" ("organizationId", "kind", "userId", "conversationId", "model", "tokensIn", "tokensOut", "createdAt") VALUES
       ($1, 'tokens', $2, $3, 'claude-demo', 4000, 1000, $4::timestamp), ($1, 'message', $2, $3, NULL, 0, 0, $4::timestamp),
       ($1, 'tokens', $2, $3, 'claude-demo', 2000, 500, now()), ($1, 'tokens', NULL, $3, 'gpt-demo', 300, 200, now())`,
    [organizationId, userId, conversationId, monthStart],
  );
  await sql(`INSERT INTO "UsageMonth" ("organizationId", "month", "messages", "tokens") VALUES ($1, $2::date, 250, 8000)`, [
    organizationId,
    monthStart,
  ]);
  // Two months back: API requests only (no message, no token).
  await sql(
    `INSERT INTO "UsageEntry" ("organizationId", "kind", "createdAt") VALUES ($1, 'api_request', $2::timestamp), ($1, 'api_request', $2::timestamp)`,
    [organizationId, `${apiOnlyMonth}-10T12:00:00Z`],
  );
  await sql(`INSERT INTO "UsageMonth" ("organizationId", "month", "apiRequests") VALUES ($1, $2::date, 2)`, [
    organizationId,
    `${apiOnlyMonth}-01`,
  ]);
});
afterAll(async () => {
  await browser?.close();
  await billed?.stop();
});

describe.skipIf(skipBrowser)("the usage page", () => {
  it("draws the month per day, warns at 80% of the messages, lists members and models, and downloads the CSV", async () => {
    const { page } = owner;
    await page.goto(`${billed.baseURL}/${owner.slug}/settings`);
    await page.getByRole("link", { name: "Usage" }).click();
    const chart = page.getByRole("img", { name: "Tokens per day" });
    await chart.waitFor();
    // The description states the figures; each day's bar carries its value.
    const description = await page.locator("desc").textContent();
    expect(description).toContain("8,000 in all");
    const days = await page
      .locator("[data-day]")
      .evaluateAll((bars) => bars.map((bar) => [bar.getAttribute("data-day"), bar.getAttribute("data-value")]));
    expect(days).toHaveLength(now.getUTCDate());
    expect(days[0]).toEqual([`${thisMonth}-01`, now.getUTCDate() === 1 ? "8000" : "5000"]);
    expect(await page.locator(`[data-day="${now.toISOString().slice(0, 10)}"] title`).textContent()).toMatch(/: [\d,]+ tokens$/);

    const messages = page.locator('[data-metric="messages"]');
    expect(await messages.getAttribute("data-level")).toBe("warning");
    await messages.getByText("250 of 300 (83%)").waitFor();
    await messages.getByText("83% used. At the limit, new messages are refused until the 1st of next month (UTC).").waitFor();
    await page
      .getByRole("status")
      .getByText(/^Messages: 80% of the plan's limit or more is used in \w+ \d{4}\.$/)
      .waitFor();
    expect(await page.locator('[data-metric="tokens"]').getAttribute("data-level")).toBe("ok");

    await page.getByRole("button", { name: "Messages" }).click();
    await page.getByRole("img", { name: "Messages per day" }).waitFor();

    const members = page.getByRole("region", { name: "Per member" });
    await members.getByRole("row", { name: /Grace Hopper/ }).waitFor();
    await members.getByRole("row", { name: /No one \(inbox or system\)/ }).waitFor();
    await page
      .getByRole("region", { name: "Per conversation" })
      .getByRole("row", { name: /Quarterly plan/ })
      .waitFor();
    await page
      .getByRole("region", { name: "Per model" })
      .getByRole("row", { name: /gpt-demo/ })
      .waitFor();
    await screenshot(page, "usage-page");
    await members.scrollIntoViewIfNeeded();
    await screenshot(page, "usage-page-tables");
    const axe = await new AxeBuilder({ page }).include("main").exclude("[data-sonner-toaster]").analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" ")}`)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`usage-${owner.slug}-${thisMonth}.csv`);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv).toContain("Day,Member,Email,Conversation ID,Conversation,Model,Messages");
    expect(csv).toContain(`Grace Hopper,${owner.email}`);
    expect(csv).toContain("No one (inbox or system)");
  });

  it("a month with nothing used says so, and with billing off the page says there are no limits", async () => {
    const { page } = owner;
    await page.goto(`${appBaseURL()}/${owner.slug}/settings/usage`);
    await page.getByText("Usage is counted, with no limits (billing is off).").waitFor();
    await page.locator('[data-metric="messages"]').getByText("250 (no limit)").waitFor();
    const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    await page.getByLabel("Month").selectOption(previous);
    await page.getByText(/^Nothing used in /).waitFor();
    // A month of API requests alone is a month with usage.
    await page.getByLabel("Month").selectOption(apiOnlyMonth);
    await page.locator('[data-metric="apiRequests"]').getByText("2 (no limit)").waitFor();
    expect(await page.getByText(/^Nothing used in /).count()).toBe(0);
  });
});
