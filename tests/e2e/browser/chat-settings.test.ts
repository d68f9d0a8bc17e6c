import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { card, seeInLog, signUp, startConversation, type ChatUser } from "../support/chat";

let browser: Browser;
let admin: ChatUser;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  admin = await signUp(browser, "Owner Tester");
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("agent settings in the browser", () => {
  it("an admin renames the agent and lets send_email run without a card; the chat follows the policy", async () => {
    const { page } = admin;
    await page.goto(`${appBaseURL()}/${admin.slug}/settings/agent`);
    await page.getByRole("link", { name: "Agent" }).waitFor();
    const name = page.getByRole("textbox", { name: "Name" });
    await name.waitFor();
    await expect(page.getByText("The offline demo model answers").isVisible()).resolves.toBe(true);
    await name.fill("");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Give the agent a name.").waitFor();

    await name.fill("Ops Assistant");
    await page.getByLabel("Permission for Send an email").selectOption("allow");
    await page.getByRole("spinbutton", { name: "Budget per request (effective tokens)" }).fill("250000");
    await screenshot(page, "agent-settings");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Agent settings saved.").waitFor();
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Name" }).inputValue()).resolves.toBe("Ops Assistant");
    await expect(page.getByRole("spinbutton", { name: "Budget per request (effective tokens)" }).inputValue()).resolves.toBe("250000");

    await startConversation(admin, "send an email to ada@example.com about the launch");
    await seeInLog(page, "Done: the email to ada@example.com was sent.");
    await expect(card(page, "permission_request").count()).resolves.toBe(0);
  });
});
