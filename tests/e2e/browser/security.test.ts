import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, skipBrowser } from "../support/browser";
import { PASSWORD, card, seeInLog, signUp, startConversation, type ChatUser } from "../support/chat";

let browser: Browser;
let user: ChatUser;
const violations: string[] = [];

/** Every CSP violation a page of this context reports, from the console and from the DOM event. */
async function watchCsp(context: BrowserContext) {
  await context.exposeBinding("__cspViolation", (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${location.pathname}`,
      );
    });
  });
  context.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
}

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  user = await signUp(browser, "Margaret Hamilton");
  await watchCsp(user.context);
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("the app under its Content-Security-Policy", () => {
  it("landing, sign-in and sign-up render with no CSP violation and the theme script runs", async () => {
    const context = await browser.newContext();
    await watchCsp(context);
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: "dark" });
    for (const path of ["/", "/sign-in", "/sign-up"]) {
      await page.goto(`${appBaseURL()}${path}`);
      await page.locator("#main").waitFor();
      // next-themes' inline script (it needs the nonce) puts the OS theme on <html> before hydration.
      await expect.poll(() => page.locator("html").getAttribute("class")).toContain("dark");
    }
    await context.close();
    expect(violations).toEqual([]);
  });

  it("a streamed answer, a card, and the settings pages raise no CSP violation", async () => {
    const { page } = user;
    await startConversation(user, "delete the old drafts");
    await card(page, "confirm_action", "pending").waitFor({ timeout: 20_000 });
    await card(page, "confirm_action", "pending").getByRole("button", { name: "Confirm" }).click();
    await card(page, "confirm_action", "resolved").waitFor({ timeout: 20_000 });
    await page.getByRole("textbox", { name: "Message" }).fill("write a **bold** markdown list with `code`");
    await page.getByRole("textbox", { name: "Message" }).press("Enter");
    await seeInLog(page, "bold");
    for (const path of ["settings", "settings/agent", "settings/members", "settings/audit"]) {
      await page.goto(`${appBaseURL()}/${user.slug}/${path}`);
      await page.locator("#main").waitFor();
    }
    expect(violations).toEqual([]);
  });

  it("a sign-in with a hostile callbackUrl lands on the app", async () => {
    const context = await browser.newContext();
    const page: Page = await context.newPage();
    await page.goto(`${appBaseURL()}/sign-in?callbackUrl=/%09/evil.example`);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    expect(new URL(page.url()).origin).toBe(new URL(appBaseURL()).origin);
    await page.goto(`${appBaseURL()}/sign-in?callbackUrl=/%09/evil.example`); // signed in: sent on at once
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    expect(new URL(page.url()).origin).toBe(new URL(appBaseURL()).origin);
    await context.close();
  });
});
