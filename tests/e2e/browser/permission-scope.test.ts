import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { card, signUp, startConversation, type ChatUser, joinTeam } from "../support/chat";

let browser: Browser;
let owner: ChatUser;
let member: ChatUser;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  [owner, member] = await Promise.all([signUp(browser, "Olive Owner"), signUp(browser, "Max Member")]);
  await joinTeam(owner, member);
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("the permission card says whom a grant covers", () => {
  it("an owner sees 'for everyone in <team>'; a member sees 'for you only', no tool-wide grant, and may ask an admin", async () => {
    const conversationId = await startConversation(owner, "send an email to ada@example.com about the launch");
    const ownerCard = card(owner.page, "permission_request", "pending");
    await ownerCard.waitFor({ timeout: 20_000 });
    await expect(ownerCard.getByText(/^Always allow this input — for everyone in Engines /).isVisible()).resolves.toBe(true);
    await expect(ownerCard.getByText(/^Always allow Send email — for everyone in Engines /).isVisible()).resolves.toBe(true);
    await screenshot(owner.page, "permission-card-owner-scope");

    await member.page.goto(`${appBaseURL()}/${owner.slug}/c/${conversationId}`);
    const memberCard = card(member.page, "permission_request", "pending");
    await memberCard.waitFor({ timeout: 20_000 });
    await expect(memberCard.getByText("Always allow this input — for you only").isVisible()).resolves.toBe(true);
    // A member grants and denies only for themselves; for everyone they can only ask an admin.
    await expect(memberCard.getByText(/^(Always|Never) allow .*for everyone in/).count()).resolves.toBe(0);
    await expect(memberCard.getByText(/^Allow once and ask an admin to allow Send email for everyone in /).isVisible()).resolves.toBe(true);
    await expect(memberCard.getByText(/^Always allow Send email/).count()).resolves.toBe(0);
    await screenshot(member.page, "permission-card-member-scope");
  });
});
