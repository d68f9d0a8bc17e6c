import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { card, composer, log, seeInLog, send, signUp, startConversation, type ChatUser } from "../support/chat";

let browser: Browser;
let user: ChatUser;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  user = await signUp(browser, "Card Stopper");
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("stopping a run that waits on a card", () => {
  it("Stop shows while a card waits, dismisses the card and ends the run; the conversation goes on", async () => {
    const { page } = user;
    await startConversation(user, "help me choose between tea, coffee and water");
    const pending = card(page, "ask_preference", "pending");
    await pending.waitFor({ timeout: 20_000 });
    await page.getByText("Answer it, or press Stop to end the run").waitFor();
    const stop = page.getByRole("button", { name: "Stop the agent" });
    await screenshot(page, "card-stoppable");
    await stop.click();

    // Dismissed cards are not drawn; the call they belonged to is closed with an error result.
    await pending.waitFor({ state: "detached", timeout: 20_000 });
    await page.locator('[data-tool-status="error"]').last().waitFor({ timeout: 20_000 });
    await stop.waitFor({ state: "detached", timeout: 20_000 });
    await expect(page.locator("[data-waiting-on-card]").count()).resolves.toBe(0);

    // As stored: the card stays dismissed after a reload, and the next message is answered, not queued.
    await page.reload();
    await log(page).waitFor();
    await page.locator('[data-tool-status="error"]').last().waitFor();
    await expect(card(page, "ask_preference").count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Stop the agent" }).count()).resolves.toBe(0);
    await send(page, "make a task list for the launch");
    await seeInLog(page, "make a task list for the launch");
    await expect.poll(() => page.getByText(/messages? waits? for the agent/).count(), { timeout: 20_000 }).toBe(0);
    await expect(composer(page).isEnabled()).resolves.toBe(true);
  });
});
