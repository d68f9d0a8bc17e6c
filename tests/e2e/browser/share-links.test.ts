import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { card, seeInLog, signUp, startConversation, type ChatUser } from "../support/chat";
import { sql } from "../support/sql";
import { expenseClaim, insertForm } from "../../support/form-submission-rows";

let browser: Browser;
let owner: ChatUser;
let outsider: ChatUser;
let anonymous: BrowserContext;
let shareUrl: string;
let formId: string;
let foreignFormId: string;
const ASKED = "help me choose between tea, coffee and water";
const organizationId = async (slug: string) =>
  (await sql<{ id: string }>(`SELECT "id" FROM "Organization" WHERE "slug" = $1`, [slug]))[0].id;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  owner = await signUp(browser, "Ada Lovelace");
  outsider = await signUp(browser, "Grace Hopper");
  anonymous = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  formId = await insertForm(sql, await organizationId(owner.slug), [expenseClaim()]);
  foreignFormId = await insertForm(sql, await organizationId(outsider.slug), [expenseClaim()]);
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("share links in the browser", () => {
  it("the owner shares a conversation with a pending card from its menu and copies the link", async () => {
    const { page } = owner;
    await startConversation(owner, ASKED);
    await card(page, "ask_preference", "pending").waitFor({ timeout: 20_000 });
    await page.locator('[aria-label^="Actions for "]').first().click();
    await page.getByRole("menuitem", { name: "Share" }).click();
    const dialog = page.getByRole("dialog", { name: "Share conversation" });
    await dialog.getByLabel("Who can open it").selectOption("public");
    await dialog.getByRole("button", { name: "Create link" }).click();
    const link = dialog.getByLabel("Share link");
    await link.waitFor();
    shareUrl = await link.inputValue();
    expect(shareUrl).toMatch(new RegExp(`^${appBaseURL()}/share/[A-Za-z0-9_-]{43}$`));
    await dialog.getByRole("button", { name: /^Revoke link / }).waitFor();
    await screenshot(page, "share-dialog");
    await page.keyboard.press("Escape");
  });

  it("signed out, the link shows the messages and the card waiting, with no card controls and no composer", async () => {
    const page = await anonymous.newPage();
    await page.goto(shareUrl);
    const main = page.getByRole("main");
    await main.getByRole("list", { name: "Messages" }).getByText(ASKED).waitFor();
    await main.getByText("Which one do you prefer?").waitFor();
    await main.getByText("Waiting for an answer").waitFor();
    expect(await main.getByRole("button").count()).toBe(0);
    expect(await main.getByRole("radio").count()).toBe(0);
    expect(await page.getByRole("textbox").count()).toBe(0);
    await main.getByText("Sign in to continue this conversation as your own copy.").waitFor();
    await screenshot(page, "share-public-view");
  });

  it("someone of another organization continues as their own copy", async () => {
    const { page } = outsider;
    await page.goto(shareUrl);
    await page.getByRole("button", { name: "Continue as my copy" }).click();
    await page.waitForURL(new RegExp(`/${outsider.slug}/c/[^/]+$`));
    await seeInLog(page, ASKED);
    await seeInLog(page, "Which one do you prefer?");
  });

  it("revoked, the same link shows the friendly page", async () => {
    const { page } = owner;
    await page.locator('[aria-label^="Actions for "]').first().click();
    await page.getByRole("menuitem", { name: "Share" }).click();
    const dialog = page.getByRole("dialog", { name: "Share conversation" });
    await dialog.getByRole("button", { name: /^Revoke link / }).click();
    await dialog.getByText("Revoked").waitFor();
    await page.keyboard.press("Escape");

    const viewer = await anonymous.newPage();
    await viewer.goto(shareUrl);
    await viewer.getByRole("heading", { name: "This link is not available" }).waitFor();
    expect(await viewer.getByText("Waiting for an answer").count()).toBe(0);
  });

  it("a live link follows the conversation without a reload: the answer and the agent's reply appear", async () => {
    const { page } = owner;
    const conversationId = new URL(page.url()).pathname.split("/").pop()!;
    const live = await page.evaluate(async (id) => {
      const response = await fetch(`/api/conversations/${id}/shares`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ audience: "public", mode: "live", expiresInDays: 1 }),
      });
      return ((await response.json()) as { url: string }).url;
    }, conversationId);
    const viewer = await anonymous.newPage();
    await viewer.goto(live);
    await viewer.getByText("Waiting for an answer").waitFor();

    const choice = card(page, "ask_preference", "pending");
    await choice.getByRole("radio", { name: "coffee" }).check();
    await choice.getByRole("button", { name: "Choose" }).click();
    await seeInLog(page, "You chose coffee.");
    await viewer.getByText("You chose coffee.").waitFor({ timeout: 20_000 });
    expect(await viewer.getByText("Waiting for an answer").count()).toBe(0);
  });

  it.each([
    ["an unknown conversation", () => "/c/no-such-conversation"],
    ["an unknown form", () => "/forms/no-such-form"],
    ["another organization's form", () => `/forms/${foreignFormId}`],
    ["an unknown submission", () => `/forms/${formId}/submissions/no-such-submission`],
  ])("%s shows the not-found page inside the app, with the way back to the chats", async (_what, path) => {
    const { page } = owner;
    await page.goto(`${appBaseURL()}/${owner.slug}${path()}`);
    await page.getByRole("heading", { name: "We could not find that" }).waitFor();
    await page.getByRole("navigation", { name: "Conversations" }).waitFor();
    await page.getByRole("link", { name: "Back to the chats" }).click();
    await page.waitForURL(new RegExp(`/${owner.slug}$`));
  });
});
