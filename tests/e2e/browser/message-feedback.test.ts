import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { composer, joinTeam, log, seeInLog, signUp, type ChatUser } from "../support/chat";

let browser: Browser;
let owner: ChatUser;
let member: ChatUser;
const SAID = "**bold** hello";
const REASON_WORDS = "It did not answer my question.";

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  owner = await signUp(browser, "Ada Lovelace");
  member = await signUp(browser, "Grace Hopper");
  await joinTeam(owner, member, "member");
  await member.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: appBaseURL() });
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("message actions in the browser", () => {
  it("copies a message as markdown and as text, from the keyboard, with a toast", async () => {
    const { page } = member;
    await page.goto(`${appBaseURL()}/${owner.slug}`);
    await composer(page).fill(SAID);
    await composer(page).press("Enter");
    await page.waitForURL(/\/c\/[^/]+$/);
    await seeInLog(page, "I heard");

    const mine = log(page).locator('[data-message="user"]').first();
    const asText = mine.getByRole("button", { name: "Copy as text" });
    await asText.focus();
    // Focus alone shows the actions (no hover): a keyboard user sees what they reach.
    await expect.poll(() => asText.evaluate((button) => getComputedStyle(button.closest('[role="toolbar"]')!).opacity)).toBe("1");
    await page.keyboard.press("Enter");
    await page.getByText("Copied as text.").waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("bold hello");

    await mine.getByRole("button", { name: "Copy", exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(SAID);
  });

  it("thumbs down with a reason, and the admin sees it in Settings → Feedback", async () => {
    const { page } = member;
    const answer = log(page).locator('[data-message="agent"]').last();
    await answer.hover();
    // The thumbs come once the reply is stored (its real id), after the run's snapshot refetch.
    const down = answer.getByRole("button", { name: "Bad answer" });
    await down.click({ timeout: 20_000 });
    const dialog = page.getByRole("dialog", { name: "What was wrong with this answer?" });
    await dialog.getByLabel("Not helpful").check();
    await dialog.getByLabel("Tell us more").fill(REASON_WORDS);
    await screenshot(page, "feedback-dialog");
    await dialog.getByRole("button", { name: "Send feedback" }).click();
    await page.getByText("Thanks: your feedback was sent.").waitFor();
    await expect.poll(() => down.getAttribute("aria-pressed")).toBe("true");

    await page.reload();
    await expect
      .poll(
        () => log(page).locator('[data-message="agent"]').last().getByRole("button", { name: "Bad answer" }).getAttribute("aria-pressed"),
        {
          timeout: 20_000,
        },
      )
      .toBe("true");

    const admin = owner.page;
    await admin.goto(`${appBaseURL()}/${owner.slug}/settings/feedback`);
    const row = admin.getByRole("row").filter({ hasText: "Grace Hopper" });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain("Not helpful");
    await expect(row.textContent()).resolves.toContain(REASON_WORDS);
    await admin.getByLabel("Rating").selectOption("up");
    await admin.getByText("No feedback matches these filters").waitFor();
    await admin.getByLabel("Rating").selectOption("down");
    await row.waitFor();
    await screenshot(admin, "settings-feedback");
    await row.getByRole("link").click();
    await admin.waitForURL(new RegExp(`/${owner.slug}/c/[^/?]+\\?m=`));
    await seeInLog(admin, "I heard");

    await member.page.goto(`${appBaseURL()}/${owner.slug}/settings/feedback`);
    await member.page.getByText("Only owners and admins can read the feedback").waitFor();
  });
});
