import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startAppServer, type AppServer } from "../../support/app-server";
import { appDatabaseUrl } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { composer, log, signUp, type ChatUser } from "../support/chat";

let browser: Browser;
let slowServer: AppServer;
let user: ChatUser;

// The shared server's demo model streams with no pauses (fast tests); stopping mid-answer needs an
// answer that takes a while, so this file starts its own server on the same database.
beforeAll(async () => {
  if (skipBrowser) return;
  slowServer = await startAppServer({ databaseUrl: appDatabaseUrl(), env: { DEMO_MODEL_WORD_DELAY_MS: "30" } });
  browser = await launchBrowser();
  user = await signUp(browser, "Stop Tester", slowServer.baseURL);
});
afterAll(async () => {
  await browser?.close();
  await slowServer?.stop();
});

describe.skipIf(skipBrowser)("stopping the agent", () => {
  it("Stop freezes the answer at the click, marks it stopped, and a reload keeps both", async () => {
    const { page } = user;
    await composer(page).fill("write a long story about the sea");
    await composer(page).press("Enter");
    await page.waitForURL(/\/c\/[^/]+$/);
    const streaming = page.locator('[data-message="agent"][data-streaming]');
    await streaming.waitFor({ timeout: 20_000 });
    await expect.poll(async () => ((await streaming.textContent()) ?? "").length, { timeout: 10_000 }).toBeGreaterThan(60);
    const stop = page.getByRole("button", { name: "Stop the agent" });
    await screenshot(page, "chat-streaming");
    // The text at the moment of the click, read in the same task as the click.
    const atClick = await page.evaluate(() => {
      const text = document.querySelector('[data-message="agent"][data-streaming]')?.textContent ?? "";
      (document.querySelector('button[aria-label="Stop the agent"]') as HTMLButtonElement).click();
      return text;
    });
    await stop.waitFor({ state: "detached", timeout: 20_000 });
    await streaming.waitFor({ state: "detached" });
    const answer = page.locator('[data-message="agent"]').last();
    await answer.locator("[data-stopped-mark]").waitFor();
    const partial = (await answer.textContent()) ?? "";
    // Frozen at the click: at most a word the renderer had not drawn yet, not the seconds of text
    // the model streamed until the stop landed (about 30 words a second here).
    // Compared without whitespace: between two paragraphs the streaming render and the settled one
    // differ only in the line breaks of their text nodes.
    const letters = (text: string) => text.replace(/\s+/g, "");
    const shown = letters(atClick);
    const story = `at the click: ${atClick}\nstopped: ${partial}`;
    expect(letters(partial).startsWith(shown), story).toBe(true);
    const mark = letters(partial).indexOf("Stopped", shown.length);
    expect(mark, story).toBeGreaterThan(-1);
    expect(mark - shown.length, story).toBeLessThan(20);
    await expect(page.getByRole("button", { name: "Continue" }).isVisible()).resolves.toBe(true);
    await expect(page.locator("[data-stopped-actions]").getByRole("button", { name: "Regenerate" }).isVisible()).resolves.toBe(true);

    // What the server stored is what was shown, marked stopped, and the conversation is usable again.
    await page.reload();
    await log(page).waitFor();
    const reloaded = page.locator('[data-message="agent"]').last();
    await reloaded.locator("[data-stopped-mark]").waitFor();
    expect(letters((await reloaded.textContent()) ?? "")).toBe(letters(partial));
    await expect(composer(page).isEnabled()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Stop the agent" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Continue" }).isVisible()).resolves.toBe(true);
  });
});

describe.skipIf(skipBrowser)("reloading mid-answer", () => {
  it("shows the answer so far at once, and it goes on streaming", async () => {
    const { page } = user;
    await page.goto(`${slowServer.baseURL}/${user.slug}`);
    await composer(page).fill("write a long story about the sea");
    await composer(page).press("Enter");
    await page.waitForURL(/\/c\/[^/]+$/);
    const streaming = page.locator('[data-message="agent"][data-streaming]');
    await streaming.waitFor({ timeout: 20_000 });
    await expect.poll(async () => ((await streaming.textContent()) ?? "").length, { timeout: 10_000 }).toBeGreaterThan(60);
    const before = (await streaming.textContent()) ?? "";

    await page.reload();
    // Still streaming (the answer takes ~18 s), and it starts with what was on screen before.
    await streaming.waitFor({ timeout: 10_000 });
    await expect
      .poll(async () => (await streaming.textContent({ timeout: 2_000 })) ?? "", { timeout: 5_000 })
      .toContain(before.slice(0, 40));
    const grown = (await streaming.textContent()) ?? "";
    await expect.poll(async () => ((await streaming.textContent()) ?? "").length, { timeout: 10_000 }).toBeGreaterThan(grown.length);

    await page.getByRole("button", { name: "Stop the agent" }).click();
    await streaming.waitFor({ state: "detached", timeout: 20_000 });
  });
});
