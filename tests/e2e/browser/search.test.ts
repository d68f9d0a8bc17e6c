// Search in a real browser: Ctrl+K opens the search page, a word finds its message with the word
// marked, the keyboard reaches the result, and opening it shows the chat scrolled to that message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { send, seeInLog, signUp, startConversation, type ChatUser } from "../support/chat";
import { appBaseURL } from "../support/env";

let browser: Browser;
let owner: ChatUser;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  owner = await signUp(browser, "Sam Searcher");
});
afterAll(async () => browser?.close());

const tall = (label: string) => Array.from({ length: 40 }, (_, i) => `${label} line ${i}`).join("\n");

describe.skipIf(skipBrowser)("search", () => {
  it("finds a word, and its result opens the chat at the message", async () => {
    const conversationId = await startConversation(owner, "remember the wombat festival in June");
    const { page } = owner;
    await seeInLog(page, "remember the wombat festival");
    // Later messages push the first one out of view, so reaching it takes the jump.
    await send(page, tall("agenda"));
    await send(page, tall("minutes"));
    await seeInLog(page, "minutes line 39");

    await page.goto(`${appBaseURL()}/${owner.slug}`);
    await page.keyboard.press("Control+k");
    await page.waitForURL(new RegExp(`/${owner.slug}/search$`));
    const input = page.getByRole("searchbox", { name: "Search messages" });
    await input.fill("wombat");
    await page.waitForURL(/\/search\?q=wombat$/);
    const results = page.getByRole("list", { name: "Search results" });
    // The demo model's reply quotes the message, so both are found; the message ranks first (shorter).
    const result = results.getByRole("link").filter({ hasText: "remember the wombat festival" }).first();
    await result.waitFor();
    expect(await result.locator("mark").allTextContents()).toContain("wombat");
    await screenshot(page, "search-results");

    await input.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toContain("wombat");
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/${owner.slug}/c/${conversationId}\\?m=`));
    const target = page.locator('[data-search-target="true"]');
    await target.waitFor();
    expect(await target.textContent()).toContain("remember the wombat festival");
    const visible = () =>
      target.evaluate((row) => {
        const box = row.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      });
    await expect.poll(visible, { timeout: 5_000 }).toBe(true);
    await screenshot(page, "search-jump");
  });

  it("says so when nothing matches", async () => {
    const { page } = owner;
    await page.goto(`${appBaseURL()}/${owner.slug}/search?q=xylophonequartet`);
    await page.getByText("No messages match").waitFor();
  });
});
