import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";

let browser: Browser;
const password = "a-good-long-password";
const ownerEmail = `ada-${randomUUID().slice(0, 6)}@example.com`;
const friendEmail = `grace-${randomUUID().slice(0, 6)}@example.com`;

beforeAll(async () => {
  if (!skipBrowser) browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("accounts and teams in the browser", () => {
  it("shows the landing page", async () => {
    const page = await browser.newPage();
    await page.goto(appBaseURL());
    await page
      .getByRole("link", { name: /get started/i })
      .first()
      .waitFor();
    await screenshot(page, "landing");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "landing-dark");
    await page.close();
  });

  it("signs up, signs out and signs back in; a wrong password is refused", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${appBaseURL()}/sign-up`);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Enter your name.").waitFor();
    await screenshot(page, "sign-up-errors");

    await page.getByLabel("Your name").fill("Ada Lovelace");
    await page.getByLabel("Work email").fill(ownerEmail);
    await page.getByLabel("Password").fill(password);
    await page.getByLabel("Team name (optional)").fill(`Analytical Engines ${randomUUID().slice(0, 4)}`);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/analytical-engines/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(/Analytical Engines/);
    await screenshot(page, "org-home");

    await page
      .getByRole("button", { name: /account menu|Ada Lovelace/i })
      .first()
      .click();
    await page.getByRole("menuitem", { name: /sign out/i }).click();
    await page.waitForURL(appBaseURL() + "/");

    await page.goto(`${appBaseURL()}/account`);
    await page.waitForURL(/\/sign-in\?callbackUrl=%2Faccount/);
    await page.getByLabel("Email").fill(ownerEmail);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "not correct" }).waitFor();
    await screenshot(page, "sign-in-error");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/account$/);
    await page.getByRole("heading", { name: "Account settings" }).waitFor();
    await screenshot(page, "account");
    await context.close();
  });

  it("an owner invites a second user, who signs up through the link and joins", async () => {
    const owner = await browser.newContext();
    const page = await owner.newPage();
    await page.goto(`${appBaseURL()}/sign-in`);
    await page.getByLabel("Email").fill(ownerEmail);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/analytical-engines[^/]*$/);
    const slug = new URL(page.url()).pathname.slice(1);

    await page.goto(`${appBaseURL()}/${slug}/settings/members`);
    await page.getByLabel("Email").fill(friendEmail);
    await page.getByLabel("Role").first().selectOption("admin");
    await page.getByRole("button", { name: "Create invite link" }).click();
    const link = await page.getByTestId("invite-link").inputValue();
    expect(link).toContain("/invite/");
    await page.getByRole("cell", { name: friendEmail, exact: true }).waitFor();
    await screenshot(page, "members-with-invite");

    const friend = await browser.newContext();
    const friendPage = await friend.newPage();
    await friendPage.goto(link);
    await friendPage.getByRole("link", { name: "Create an account to join" }).click();
    await friendPage.getByLabel("Your name").fill("Grace Hopper");
    await expect(friendPage.getByLabel("Work email").inputValue()).resolves.toBe(friendEmail);
    await friendPage.getByLabel("Password").fill(password);
    await friendPage.getByRole("button", { name: "Create account" }).click();
    await friendPage.waitForURL(/\/invite\//);
    await friendPage.getByRole("button", { name: /^Join / }).click();
    await friendPage.waitForURL(new RegExp(`/${slug}$`));
    await screenshot(friendPage, "joined-org");

    await page.reload();
    const row = page.getByTestId(`member-${friendEmail}`);
    await expect(row.getByRole("combobox").inputValue()).resolves.toBe("admin");
    await page.goto(`${appBaseURL()}/${slug}/settings/audit`);
    await page.getByRole("cell", { name: "Accepted an invite" }).first().waitFor();
    await screenshot(page, "audit-log");
    await owner.close();
    await friend.close();
  });
});
