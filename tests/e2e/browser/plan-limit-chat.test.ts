// The over-limit message in the chat, against a server of its own with billing on (the shared e2e
// server keeps billing off): the plan's sentence above the composer, the words kept in the box, the
// upgrade link for an owner and none for a member.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { PLANS } from "@/lib/server/billing/plans";
import { billingOnEnv } from "@/tests/support/billing-env";
import { startAppServer, type AppServer } from "../../support/app-server";
import { appDatabaseUrl } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { composer, joinTeam, signUp, type ChatUser } from "../support/chat";
import { sql } from "../support/sql";

let browser: Browser;
let server: AppServer;
let owner: ChatUser;
let member: ChatUser;

beforeAll(async () => {
  if (skipBrowser) return;
  server = await startAppServer({ databaseUrl: appDatabaseUrl(), env: billingOnEnv() });
  browser = await launchBrowser();
  owner = await signUp(browser, "Limit Owner", server.baseURL);
  member = await signUp(browser, "Limit Member", server.baseURL);
  await joinTeam(owner, member, "member");
  // Every message of the month used.
  await sql(
    `INSERT INTO "UsageMonth" ("organizationId", "month", "messages")
     SELECT id, date_trunc('month', now() AT TIME ZONE 'UTC')::date, $2 FROM "Organization" WHERE slug = $1`,
    [owner.slug, PLANS.free.limits.messages],
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function sendOnHome(user: ChatUser, text: string) {
  await user.page.goto(`${server.baseURL}/${owner.slug}`);
  await composer(user.page).fill(text);
  await composer(user.page).press("Enter");
  const notice = user.page.getByTestId("plan-limit-notice");
  await notice.waitFor({ timeout: 20_000 });
  return notice;
}

describe.skipIf(skipBrowser)("the over-limit message in the chat", () => {
  it("an owner reads the limit, keeps the words and gets the link to upgrade", async () => {
    const notice = await sendOnHome(owner, "plan the offsite");
    await expect(notice.textContent()).resolves.toContain(`${PLANS.free.limits.messages.toLocaleString("en-US")} messages a month`);
    await expect(notice.textContent()).resolves.toContain("resets on the 1st");
    const upgrade = notice.getByRole("link", { name: "Upgrade to Pro" });
    await expect(upgrade.getAttribute("href")).resolves.toBe(`/${owner.slug}/settings/billing`);
    await expect(composer(owner.page).inputValue()).resolves.toBe("plan the offsite");
    await screenshot(owner.page, "plan-limit-owner");
  });

  it("a member is told to ask an owner, with no upgrade link", async () => {
    const notice = await sendOnHome(member, "book the rooms");
    await expect(notice.textContent()).resolves.toContain("Ask an owner");
    await expect(notice.getByRole("link").count()).resolves.toBe(0);
    await expect(composer(member.page).inputValue()).resolves.toBe("book the rooms");
  });
});
