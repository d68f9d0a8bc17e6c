import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startAppServer, type AppServer } from "../../support/app-server";
import { appDatabaseUrl } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { card, composer, log, signUp, type ChatUser } from "../support/chat";

let browser: Browser;
let user: ChatUser;
let slowServer: AppServer;

// Esc must stop an answer that is still streaming: the demo model streams slowly on this file's own server.
beforeAll(async () => {
  if (skipBrowser) return;
  slowServer = await startAppServer({ databaseUrl: appDatabaseUrl(), env: { DEMO_MODEL_WORD_DELAY_MS: "30" } });
  browser = await launchBrowser();
  user = await signUp(browser, "Kim Keys", slowServer.baseURL);
});
afterAll(async () => {
  await browser?.close();
  await slowServer?.stop();
});

async function start(text: string) {
  const { page } = user;
  await page.goto(`${slowServer.baseURL}/${user.slug}`);
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await page.waitForURL(/\/c\/[^/]+$/);
}

/** What has focus: the composer, a card (its slot id and whether it is the card's first control), or the body. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "body";
    if (active.matches('textarea[name="message"]')) return "composer";
    const slot = active.closest<HTMLElement>("[data-slot-id]");
    if (!slot) return active.tagName.toLowerCase();
    const first = slot.querySelector("input:not([disabled]), button:not([disabled])");
    return `card:${slot.dataset.renderer}:${first === active ? "first" : "other"}`;
  });

describe.skipIf(skipBrowser)("cards as one block, keyboard and focus", () => {
  it("a waiting card is announced and reached in one keystroke; answering it puts focus back in the composer", async () => {
    const { page } = user;
    await start("delete the old drafts");
    const pending = card(page, "confirm_action", "pending");
    await pending.waitFor({ timeout: 20_000 });
    await page.locator("[data-live-region]").getByText("The agent asks: Delete the old drafts?").waitFor();
    // The composer was focused on arrival; one shortcut reaches the card's first button.
    await expect.poll(() => focused(page)).toBe("composer");
    await page.keyboard.press("Alt+KeyJ");
    await expect.poll(() => focused(page)).toBe("card:confirm_action:first");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Confirm");
    await page.keyboard.press("Enter");
    await log(page).getByText("Done: I deleted the old drafts.").waitFor({ timeout: 20_000 });
    await expect.poll(() => focused(page)).toBe("composer");
    // Settled in place, under its own question.
    const answered = card(page, "confirm_action", "resolved");
    await answered.getByRole("heading", { name: "Delete the old drafts?" }).waitFor();
    await answered.getByText("Confirmed", { exact: true }).waitFor();
  });

  it("an answered choice keeps its question and every option, the chosen one marked, with no tool row above it", async () => {
    const { page } = user;
    await start("help me choose between tea, coffee and water");
    const pending = card(page, "ask_preference", "pending");
    await pending.waitFor({ timeout: 20_000 });
    await expect(log(page).locator("[data-tool-call]").count()).resolves.toBe(0);
    const options = await pending.getByRole("radio").evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
    expect(options).toHaveLength(3);
    await pending.getByRole("radio", { name: options[1] }).check();
    await pending.getByRole("button", { name: "Choose" }).click();

    const answered = card(page, "ask_preference", "resolved");
    await answered.waitFor({ timeout: 20_000 });
    await answered.getByRole("heading", { name: "Which one do you prefer?" }).waitFor();
    await expect(answered.getByRole("listitem").allTextContents()).resolves.toEqual([options[0], `${options[1]} (chosen)`, options[2]]);
    await expect(answered.locator("[data-chosen]").textContent()).resolves.toContain(options[1]);
    await answered.getByText(/^Chosen by .+ · /).waitFor();
    await log(page).getByText(`You chose ${options[1]}`).waitFor({ timeout: 20_000 });
    await expect(log(page).locator("[data-tool-call]").count()).resolves.toBe(0);
    // Focus was on the Choose button; with no other card waiting it goes to the composer, not <body>.
    await expect.poll(() => focused(page)).toBe("composer");

    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    await screenshot(page, "chat-answered-choice");
  });

  it("the composer has focus on arrival; `?` outside text fields opens the shortcuts sheet and Esc closes it", async () => {
    const { page } = user;
    await start("hello");
    await log(page).locator('[data-message="agent"]:not([data-streaming])').first().waitFor({ timeout: 20_000 });
    await page.reload();
    await log(page).waitFor();
    await expect.poll(() => focused(page)).toBe("composer");
    // Out of any text field (a click on the title focuses the page's <main>).
    await page.getByRole("heading", { level: 1 }).click();
    await expect.poll(() => focused(page)).toBe("main");
    await page.keyboard.press("?");
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await sheet.waitFor();
    await sheet.getByText("Go to the next card waiting for you").waitFor();
    await expect(sheet.locator("kbd").allTextContents()).resolves.toContain("Ctrl");
    await screenshot(page, "chat-shortcuts-sheet");
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    // `?` typed in the composer is text, not a shortcut.
    await composer(page).press("?");
    await expect(composer(page).inputValue()).resolves.toBe("?");
    await expect(sheet.count()).resolves.toBe(0);
    await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
    await sheet.waitFor();
  });

  it("Esc while the answer streams stops it", async () => {
    const { page } = user;
    await start("write a long story about the sea");
    const streaming = page.locator('[data-message="agent"][data-streaming]');
    await streaming.waitFor({ timeout: 20_000 });
    await expect.poll(() => focused(page)).toBe("composer");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Stop the agent" }).waitFor({ state: "detached", timeout: 20_000 });
    await page.locator('[data-message="agent"]').last().locator("[data-stopped-mark]").waitFor();
  });
});
