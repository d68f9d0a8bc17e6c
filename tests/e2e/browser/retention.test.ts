import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { composer, seeInLog, signUp, type ChatUser } from "../support/chat";

let browser: Browser;
let user: ChatUser;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  user = await signUp(browser, "Ada Lovelace");
});
afterAll(async () => browser?.close());

const sidebar = (user: ChatUser) => user.page.getByRole("navigation", { name: "Conversations" });

describe.skipIf(skipBrowser)("undo delete and temporary chats in the browser", () => {
  it("deletes a conversation, and Undo in the toast brings it back to the sidebar", async () => {
    const { page } = user;
    await page.goto(`${appBaseURL()}/${user.slug}`);
    await composer(page).fill("hello from the offsite");
    await composer(page).press("Enter");
    await page.waitForURL(/\/c\/[^/]+$/);
    await seeInLog(page, "I heard");
    const row = sidebar(user).getByRole("link", { name: "hello from the offsite" });
    await row.waitFor();

    await sidebar(user).getByRole("button", { name: "Actions for hello from the offsite" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => row.count()).toBe(0);
    await page.waitForURL(new RegExp(`/${user.slug}$`));

    await page.getByRole("button", { name: "Undo" }).click();
    await page.getByText("Conversation restored.").waitFor();
    await row.waitFor();
    // It was open when deleted: Undo opens it again.
    await page.waitForURL(/\/c\/[^/]+$/);
    await seeInLog(page, "I heard");
    await screenshot(page, "retention-undo");
  });

  it("a temporary chat shows its banner, is not in the sidebar, and End deletes it", async () => {
    const { page } = user;
    await page.goto(`${appBaseURL()}/${user.slug}`);
    await page.getByRole("switch", { name: "Temporary" }).click();
    await expect.poll(() => page.getByRole("switch", { name: "Temporary" }).getAttribute("aria-checked")).toBe("true");
    await composer(page).fill("hello off the record");
    await composer(page).press("Enter");
    await page.waitForURL(/\/c\/[^/]+$/);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByText("Temporary chat: deleted when you leave it or after 24 hours").waitFor();
    await seeInLog(page, "I heard");
    // The sidebar has loaded (the earlier conversation is there) and does not list this one.
    await sidebar(user).getByRole("link", { name: "hello from the offsite" }).waitFor();
    expect(await sidebar(user).getByRole("link", { name: "hello off the record" }).count()).toBe(0);

    await page.getByRole("region", { name: "Temporary chat" }).getByRole("button", { name: "End" }).click();
    await page.waitForURL(new RegExp(`/${user.slug}$`));
    const reply = await page.evaluate(async (path) => (await fetch(path)).status, `/api/conversations/${id}`);
    expect(reply).toBe(404);
  });
});
