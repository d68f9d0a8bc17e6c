import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { card, composer, log, previousItem, seeInLog, send, signUp, startConversation, type ChatUser } from "../support/chat";

let browser: Browser;
let user: ChatUser;
const EMAIL_REQUEST = "send an email to ada@example.com about the launch";
const EMAIL_SENT = "Done: the email to ada@example.com was sent.";

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  user = await signUp(browser);
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("chat in the browser", () => {
  it("a permission card stands in for its tool call (no tool row above it), survives a reload, and allowing it finishes the run", async () => {
    const { page } = user;
    await page.goto(`${appBaseURL()}/${user.slug}`);
    await page.getByRole("list", { name: "Suggestions" }).waitFor();
    await screenshot(page, "chat-home");

    await startConversation(user, EMAIL_REQUEST);
    const permission = card(page, "permission_request", "pending");
    await permission.waitFor({ timeout: 20_000 });
    // One block: the card says what the tool wants, no tool row above it says the same.
    expect((await previousItem(permission)).kind).not.toBe("tool");
    await expect(page.locator("[data-tool-call]").count()).resolves.toBe(0);
    await expect(permission.getByText("Allow Send email?").isVisible()).resolves.toBe(true);
    await expect(permission.getByText("ada@example.com").first().isVisible()).resolves.toBe(true);
    await expect(page.getByText("Demo model").first().isVisible()).resolves.toBe(true);

    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    await screenshot(page, "chat-permission-card");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "chat-permission-card-dark");
    await page.emulateMedia({ colorScheme: "light" });

    await page.reload();
    await permission.waitFor();
    expect((await previousItem(permission)).kind).not.toBe("tool");

    await permission.getByRole("button", { name: "Allow once" }).click();
    await seeInLog(page, EMAIL_SENT);
    await expect(permission.count()).resolves.toBe(0);
    await expect(page.locator('[data-tool-status="done"]').count()).resolves.toBe(1);
    await screenshot(page, "chat-permission-allowed");
  });

  it("two tabs stay in sync: a run started in one shows in the other, and answering in one updates both", async () => {
    const first = user.page;
    await startConversation(user, "hello");
    await seeInLog(first, "demo");
    const second = await user.context.newPage();
    await second.goto(first.url());
    await log(second).waitFor();

    await send(first, "delete the old drafts");
    const confirmInSecond = card(second, "confirm_action", "pending");
    await confirmInSecond.waitFor({ timeout: 20_000 });
    await card(first, "confirm_action", "pending").waitFor();
    await seeInLog(second, "delete the old drafts");

    await confirmInSecond.getByRole("button", { name: "Confirm" }).click();
    await seeInLog(first, "Done: I deleted the old drafts.");
    await card(first, "confirm_action", "resolved").waitFor();
    await seeInLog(second, "Done: I deleted the old drafts.");
    await second.close();
  });

  it("a permission card can be answered with the keyboard alone", async () => {
    const { page } = user;
    await page.goto(`${appBaseURL()}/${user.slug}`);
    await composer(page).focus();
    await page.keyboard.type(EMAIL_REQUEST);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/c\/[^/]+$/);
    const permission = card(page, "permission_request", "pending");
    await permission.waitFor({ timeout: 20_000 });
    await composer(page).focus();

    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLInputElement | null;
        return {
          inCard: Boolean(element?.closest('[data-renderer="permission_request"]')),
          type: element?.type ?? "",
          text: element?.textContent ?? "",
        };
      });
    for (let i = 0; i < 20 && !((await focused()).inCard && (await focused()).type === "radio"); i++)
      await page.keyboard.press("Shift+Tab");
    expect(await focused()).toMatchObject({ inCard: true, type: "radio" });
    await page.keyboard.press("ArrowDown");
    for (let i = 0; i < 10 && (await focused()).type !== "submit"; i++) await page.keyboard.press("Tab");
    // The button names whom the grant covers (the owner: everyone in the team; docs/security.md).
    expect((await focused()).text).toMatch(/^Always allow this input — for everyone in /);
    await page.keyboard.press("Enter");
    await seeInLog(page, EMAIL_SENT);

    // The same input again runs without a card: the answer was stored for it.
    await send(page, EMAIL_REQUEST);
    await page.waitForFunction(
      (text) =>
        document.querySelectorAll('[data-message="agent"]').length > 0 &&
        [...document.querySelectorAll('[data-message="agent"]')].filter((e) => e.textContent?.includes(text)).length === 2,
      EMAIL_SENT,
      { timeout: 20_000 },
    );
    await expect(card(page, "permission_request", "pending").count()).resolves.toBe(0);
  });

  it("an admin edits the email before allowing it, and the tool runs with exactly what was shown", async () => {
    const { page } = user;
    // Another address than the keyboard test's, which allowed that exact input for good.
    await startConversation(user, "send an email to grace@example.com about the budget");
    const permission = card(page, "permission_request", "pending");
    await permission.waitFor({ timeout: 20_000 });
    await permission.getByRole("button", { name: "Edit the input before allowing" }).click();
    await permission.getByRole("textbox", { name: "Subject" }).fill("Launch moved to Friday");
    await screenshot(page, "chat-permission-edit");
    await permission.getByRole("button", { name: "Allow once with my edits" }).click();
    await seeInLog(page, "Done: the email to grace@example.com was sent.");
    const row = page.locator('[data-tool-call][data-tool-status="done"]').last();
    await row.locator("summary").click();
    await row.getByLabel("Output of Send email").getByText("Launch moved to Friday").waitFor();
  });

  it("the sidebar renames, finds and deletes conversations; a draft survives a reload", async () => {
    const { page } = user;
    await startConversation(user, "help me choose between tea and coffee");
    await card(page, "ask_preference", "pending").waitFor({ timeout: 20_000 });

    await composer(page).fill("a draft I have not sent");
    await page.reload();
    // The draft comes back from localStorage once the page has hydrated, which can be after the load event.
    await expect.poll(() => composer(page).inputValue(), { timeout: 5_000 }).toBe("a draft I have not sent");

    const sidebar = page.getByRole("navigation", { name: "Conversations" });
    await sidebar.getByRole("button", { name: "Actions for help me choose between tea and coffee" }).click();
    await page.getByRole("menuitem", { name: "Rename" }).click();
    await page.getByRole("dialog").getByRole("textbox", { name: "Title" }).fill("Launch tasks");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await page.getByRole("heading", { level: 1, name: "Launch tasks" }).waitFor();
    await sidebar.getByRole("link", { name: "Launch tasks" }).waitFor();

    await sidebar.getByRole("searchbox", { name: "Search conversations" }).fill("launch tasks");
    // The link is there before the search answers too: wait for the searched list itself.
    await expect.poll(() => sidebar.getByRole("list").getByRole("link").count(), { timeout: 10_000 }).toBe(1);
    await sidebar.getByRole("link", { name: "Launch tasks" }).waitFor();
    await screenshot(page, "chat-sidebar-search");

    await sidebar.getByRole("button", { name: "Actions for Launch tasks" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(new RegExp(`/${user.slug}$`));
    await sidebar.getByText("No conversation has that in its title.").waitFor();
  });
});
