import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { card, joinTeam, send, signUp, startConversation, type ChatUser } from "../support/chat";

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

describe.skipIf(skipBrowser)("a member asks for everyone, an admin approves and revokes on the Permissions page", () => {
  it("the request is approved, the grant revoked, and the next call shows the card again", async () => {
    // In the owner's team, where the member is a member (their sign-up made them owner of a team of their own).
    const conversationId = await startConversation({ ...member, slug: owner.slug }, "send an email to ada@example.com about the launch");
    const asking = card(member.page, "permission_request", "pending");
    await asking.waitFor({ timeout: 20_000 });
    await asking.getByLabel(/^Allow once and ask an admin to allow Send email for everyone in Engines /).check();
    await asking.getByRole("button", { name: /^Allow once and ask an admin/ }).click();
    await asking.waitFor({ state: "detached", timeout: 20_000 });

    await owner.page.goto(`${appBaseURL()}/${owner.slug}/settings/permissions`);
    const requests = owner.page.getByRole("region", { name: /Requests to allow for everyone/ });
    await requests.getByRole("button", { name: "Approve Send email for everyone" }).click();
    await requests.getByText("Approved").waitFor({ timeout: 10_000 });
    const standing = owner.page.getByRole("region", { name: "Send email" });
    await standing.getByText(/^Everyone in Engines /).waitFor();
    await screenshot(owner.page, "permission-request-approved");

    await standing.getByRole("button", { name: "Revoke Send email grant" }).click();
    const dialog = owner.page.getByRole("dialog");
    await expect(dialog.getByText(/The next call of this tool shows its card again/).isVisible()).resolves.toBe(true);
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await owner.page.getByText("No stored grants or denials").waitFor({ timeout: 10_000 });

    await member.page.goto(`${appBaseURL()}/${owner.slug}/c/${conversationId}`);
    await send(member.page, "send an email to ada@example.com about the launch");
    await card(member.page, "permission_request", "pending").waitFor({ timeout: 20_000 });
  });
});

describe.skipIf(skipBrowser)("an admin approves a member's request from the card in the member's conversation", () => {
  it("the card offers Approve to the admin, the request is approved there, and the Permissions page shows the grant", async () => {
    const conversationId = await startConversation({ ...member, slug: owner.slug }, "send an email to grace@example.com about the offsite");
    const asking = card(member.page, "permission_request", "pending");
    await asking.waitFor({ timeout: 20_000 });
    await asking.getByLabel(/^Allow once and ask an admin to allow Send email for everyone in Engines /).check();
    await asking.getByRole("button", { name: /^Allow once and ask an admin/ }).click();
    await asking.waitFor({ state: "detached", timeout: 20_000 });

    await owner.page.goto(`${appBaseURL()}/${owner.slug}/c/${conversationId}`);
    const review = owner.page.getByRole("group", { name: "Request to allow for everyone" });
    await review.getByRole("button", { name: "Approve Send email for everyone" }).click();
    await owner.page.getByText(/^The request was approved by /).waitFor({ timeout: 10_000 });

    await owner.page.goto(`${appBaseURL()}/${owner.slug}/settings/permissions`);
    await owner.page
      .getByRole("region", { name: "Send email" })
      .getByText(/^Everyone in Engines /)
      .waitFor({ timeout: 10_000 });
  });
});
