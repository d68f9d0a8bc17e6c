import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, skipBrowser } from "../support/browser";
import { HttpClient } from "../support/http-client";

let browser: Browser;
const password = "never-in-the-address-bar";

beforeAll(async () => {
  if (!skipBrowser) browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("sign-in and sign-up forms", () => {
  it.each(["/sign-in", "/sign-up"])("%s submitted before any JavaScript runs never puts the password in a URL", async (path) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    await page.goto(`${appBaseURL()}${path}`);
    if (path === "/sign-up") await page.getByLabel("Your name").fill("No Script");
    await page.getByLabel(/email/i).fill(`noscript-${randomUUID().slice(0, 6)}@example.com`);
    await page.getByLabel("Password").fill(password);
    await Promise.all([page.waitForEvent("requestfinished"), page.getByRole("button", { name: /sign in|create account/i }).click()]);
    await page.waitForLoadState("load");
    expect(urls.length).toBeGreaterThan(1);
    for (const url of [...urls, page.url()]) expect(url).not.toContain(password);
    await context.close();
  });

  it("signing up with a taken address signs nobody in and says to check the inbox", async () => {
    const email = `taken-${randomUUID().slice(0, 6)}@example.com`;
    expect(
      (await new HttpClient(appBaseURL()).json("/api/signup", { json: { email, password: "the-owners-password", name: "Owner" } })).status,
    ).toBe(202);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${appBaseURL()}/sign-up`);
    await page.getByLabel("Your name").fill("Mallory");
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel("Password").fill("an-attackers-password");
    await page.getByRole("button", { name: /create account/i }).click();
    await page.getByText(/check your inbox/i).waitFor();
    expect(new URL(page.url()).pathname).toBe("/sign-up");
    expect((await context.cookies()).some((c) => c.name.includes("session-token"))).toBe(false);
    await context.close();
  });
});
