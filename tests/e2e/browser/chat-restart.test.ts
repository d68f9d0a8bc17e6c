import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { startAppServer, type AppServer } from "../../support/app-server";
import { appDatabaseUrl } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { card, composer, seeInLog, signUp, type ChatUser } from "../support/chat";

let browser: Browser;
let server: AppServer;
let user: ChatUser;

// Killing a server must not disturb the other test files: this file runs its own instance on the shared database.
beforeAll(async () => {
  if (skipBrowser) return;
  server = await startAppServer({ databaseUrl: appDatabaseUrl() });
  browser = await launchBrowser();
  user = await signUp(browser, "Restart Tester", server.baseURL);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function emailsSentFor(conversationId: string): Promise<number> {
  const client = new pg.Client({ connectionString: appDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM "DemoEmail" WHERE "conversationId" = $1', [
      conversationId,
    ]);
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
}

describe.skipIf(skipBrowser)("a card waiting through a server crash", () => {
  it("the server is killed while the permission card waits; after the restart the card is there and allowing it sends the email once", async () => {
    const { page } = user;
    await composer(page).fill("send an email to grace@example.com about the restart");
    await composer(page).press("Enter");
    await page.waitForURL(/\/c\/[^/]+$/);
    const conversationId = new URL(page.url()).pathname.split("/").pop()!;
    const permission = card(page, "permission_request", "pending");
    await permission.waitFor({ timeout: 20_000 });
    expect(await emailsSentFor(conversationId)).toBe(0);

    await server.restart({ hard: true });
    await page.reload();
    await permission.waitFor({ timeout: 20_000 });
    await screenshot(page, "chat-card-after-restart");

    await permission.getByRole("button", { name: "Allow once" }).click();
    await seeInLog(page, "Done: the email to grace@example.com was sent.");
    expect(await emailsSentFor(conversationId)).toBe(1);
  });
});
