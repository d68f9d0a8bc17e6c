// The inbox page in a real browser: a member finds the agent's request, filters the list, answers
// with the form generated from the item's response schema (the server's 422 shown at its field),
// follows the link to the conversation and sees the agent's reply, which came without anyone typing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { joinTeam, seeInLog, send, signUp, startConversation, type ChatUser } from "../support/chat";
import { appBaseURL } from "../support/env";

let browser: Browser;
let owner: ChatUser;
let member: ChatUser;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  owner = await signUp(browser, "Olga Owner");
  member = await signUp(browser, "Mia Member");
  await joinTeam(owner, member, "member");
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("the inbox page", () => {
  it("a member filters, answers with the generated form, and watches the conversation continue", async () => {
    await startConversation(owner, "ask finance to approve the Q3 budget as a yes/no decision");
    await seeInLog(owner.page, 'I posted "Approve the Q3 budget" to the finance inbox');
    await send(owner.page, "ask legal to review the contract");
    await seeInLog(owner.page, 'I posted "Review the contract" to the legal inbox');

    const { page } = member;
    await page.goto(`${appBaseURL()}/${owner.slug}`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Inbox" }).click();
    await page.waitForURL(new RegExp(`/${owner.slug}/inbox$`));
    const table = page.getByRole("table", { name: "Inbox items" });
    await table.getByText("Approve the Q3 budget").waitFor();
    await table.getByText("Review the contract").waitFor();
    // Members answer and copy links; only owners and admins cancel.
    expect(await table.getByRole("button", { name: /^Cancel/ }).count()).toBe(0);

    await page.getByLabel("Tag").fill("finance");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect.poll(() => table.getByText("Review the contract").count()).toBe(0);
    const row = table.getByRole("row").filter({ hasText: "Approve the Q3 budget" });
    await row.getByText("Agent waits").waitFor();

    await row.getByRole("button", { name: "Answer “finance”" }).click();
    const dialog = page.getByRole("dialog", { name: "Answer “finance”" });
    await dialog.getByRole("radio", { name: "Yes" }).waitFor();
    // Sent without the required decision: the server's 422 is shown at the field.
    await dialog.getByLabel("note").fill("Within the plan.");
    await dialog.getByRole("button", { name: "Send answer" }).click();
    await dialog.getByText("is required").waitFor();
    await dialog.getByRole("radio", { name: "Yes" }).check();
    await dialog.getByRole("button", { name: "Send answer" }).click();
    await dialog.waitFor({ state: "hidden" });

    await row.getByText("Answered").waitFor();
    await row.getByText("by Mia Member").waitFor();
    await screenshot(page, "inbox-page-answered");

    await row.getByRole("link", { name: "Open conversation" }).click();
    await page.waitForURL(/\/c\/[^/]+$/);
    await seeInLog(page, "An inbox update arrived");
    await seeInLog(page, "Within the plan.");
    const panel = page.getByRole("region", { name: /Requests to others/ });
    await panel.getByText("by Mia Member").waitFor();
  });
});
