import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { card, log, seeInLog, signUp, startConversation, type ChatUser } from "../support/chat";
import { sql } from "../support/sql";

let browser: Browser;
let user: ChatUser;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  user = await signUp(browser, "Branch Tester");
});
afterAll(async () => browser?.close());

const agentRows = (page: Page) => log(page).locator('[data-message="agent"]');
const userRows = (page: Page) => log(page).locator('[data-message="user"]');
const position = (page: Page, kind: "user" | "agent") =>
  log(page).locator(`[data-message="${kind}"] [data-branch-position]`).first().textContent({ timeout: 20_000 });
/** A row's DOM id names its stored message (`message-{id}`): which version is shown. */
const rowId = (page: Page, kind: "user" | "agent") => log(page).locator(`[data-message="${kind}"]`).first().getAttribute("id");
/** The Regenerate and Edit buttons are enabled once the run is over and the row is stored. */
async function press(page: Page, kind: "user" | "agent", name: string) {
  const row = log(page).locator(`[data-message="${kind}"]`).last();
  await row.hover();
  const button = row.getByRole("button", { name, exact: true });
  await expect.poll(() => button.isEnabled(), { timeout: 20_000 }).toBe(true);
  await button.click();
}

describe.skipIf(skipBrowser)("conversations as a tree", () => {
  it("regenerate makes a second version; the switcher goes back to the first, also after a reload", async () => {
    const { page } = user;
    await startConversation(user, "tell me about branches");
    await seeInLog(page, "I heard");
    await press(page, "agent", "Regenerate");
    await expect.poll(() => position(page, "agent"), { timeout: 20_000 }).toBe("2 / 2");
    const second = await rowId(page, "agent");
    await screenshot(page, "chat-branch-switcher");

    await log(page).getByRole("button", { name: "Previous version" }).click();
    await expect.poll(() => position(page, "agent")).toBe("1 / 2");
    const first = await rowId(page, "agent");
    expect(first).not.toBe(second);
    await page.reload();
    await expect.poll(() => position(page, "agent"), { timeout: 20_000 }).toBe("1 / 2");
    expect(await rowId(page, "agent")).toBe(first);
    await expect(agentRows(page).count()).resolves.toBe(1);

    // From the keyboard: the next version.
    await log(page).getByRole("button", { name: "Next version" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => rowId(page, "agent")).toBe(second);
  });

  it("an edited message gets the switcher on it, and the answer to the new words", async () => {
    const { page } = user;
    await startConversation(user, "the first words");
    await seeInLog(page, "I heard");
    await press(page, "user", "Edit");
    const editor = page.getByRole("textbox", { name: "Edited message" });
    await editor.fill("the second words");
    await editor.press("Enter");
    await seeInLog(page, 'I heard: "the second words"');
    await expect.poll(() => position(page, "user"), { timeout: 20_000 }).toBe("2 / 2");
    await expect(userRows(page).count()).resolves.toBe(1);
    await log(page).getByRole("button", { name: "Previous version" }).click();
    await seeInLog(page, 'I heard: "the first words"');
  });

  it("branch into a new conversation opens a chat that holds the history up to the message", async () => {
    const { page } = user;
    const original = await startConversation(user, "words worth keeping");
    await seeInLog(page, "I heard");
    await press(page, "agent", "Branch into a new conversation");
    await page.waitForURL((url) => /\/c\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(original), { timeout: 20_000 });
    await seeInLog(page, 'I heard: "words worth keeping"');
    await expect(userRows(page).first().textContent()).resolves.toContain("words worth keeping");
  });

  it("regenerating past an approved email reuses its result: the demo mailbox has exactly one", async () => {
    const { page } = user;
    const conversationId = await startConversation(user, "send an email to ada@example.com about branches");
    const permission = card(page, "permission_request", "pending");
    await permission.waitFor({ timeout: 20_000 });
    await permission.getByRole("button", { name: "Allow once" }).click();
    await seeInLog(page, "Done: the email to ada@example.com was sent.");

    await press(page, "agent", "Regenerate");
    await expect.poll(() => position(page, "agent"), { timeout: 20_000 }).toBe("2 / 2");
    await seeInLog(page, "Done: the email to ada@example.com was sent.");
    await expect(card(page, "permission_request", "pending").count()).resolves.toBe(0);
    const emails = await sql<{ count: string }>('SELECT count(*) FROM "DemoEmail" WHERE "conversationId" = $1', [conversationId]);
    expect(Number(emails[0].count)).toBe(1);
  });
});
