// A phone (390×844, touch): one header row, no desktop-only hints, nothing wider than the screen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { card, composer, signUp } from "../support/chat";

let browser: Browser;
let phone: BrowserContext;
let slug: string;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  const user = await signUp(browser, "Phone User");
  slug = user.slug;
  // The same session on a phone.
  phone = await browser.newContext({
    storageState: await user.context.storageState(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await user.context.close();
});
afterAll(async () => browser?.close());

/** Neither the page nor the shell's scroll container is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const main = document.getElementById("main");
    // What sticks out, named in the failure.
    const wide = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 80)}`);
    return {
      page: document.documentElement.scrollWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
      screen: window.innerWidth,
      wide,
    };
  });
  expect(widths.page, widths.wide.join("\n")).toBeLessThanOrEqual(widths.screen);
  expect(widths.main, widths.wide.join("\n")).toBeLessThanOrEqual(0);
}

describe.skipIf(skipBrowser)("on a phone", () => {
  it("the chat home, a chat with a card and the settings fit the screen; one header row; no keyboard hints", async () => {
    const page = await phone.newPage();
    await page.goto(`${appBaseURL()}/${slug}`);
    await composer(page).waitFor();
    await expectNoSidewaysScroll(page);
    // "Enter to send, Shift+Enter for a new line" means nothing on a touch screen.
    await expect.poll(() => page.getByText("for a new line").isVisible()).toBe(false);

    await composer(page).fill("help me choose between tea, coffee and water");
    await page.getByRole("button", { name: "Send message" }).tap();
    await page.waitForURL(/\/c\/[^/]+$/);
    await card(page, "ask_preference", "pending").waitFor();
    await expectNoSidewaysScroll(page);
    // The menu button sits inside the chat's own header row, not in a bar above it.
    const header = (await page.locator("header[data-chat-header]").boundingBox())!;
    const menu = (await page.getByRole("button", { name: "Open navigation" }).boundingBox())!;
    expect(header.y).toBeLessThanOrEqual(1);
    expect(menu.y).toBeGreaterThanOrEqual(header.y);
    expect(menu.y + menu.height).toBeLessThanOrEqual(header.y + header.height);
    await screenshot(page, "mobile-chat");

    await page.goto(`${appBaseURL()}/${slug}/settings/agent`);
    await page.getByRole("form", { name: "Agent settings" }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "mobile-settings");
  });
});
