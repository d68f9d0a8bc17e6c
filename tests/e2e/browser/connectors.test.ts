// The connector flow in the browser: an admin adds the test MCP server in Settings → Connectors,
// refreshes its tool list and enables two tools; a member asks for one in a chat with the demo
// model's "use <connector>__<tool> {json}" sentence, sees the permission card under the tool's title
// for people, approves, and reads the answer; the server received exactly one call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { card, joinTeam, log, seeInLog, signUp, startConversation, type ChatUser } from "../support/chat";
import { startMcpFixture, type McpFixture } from "@/tests/support/mcp-fixture/start";

let browser: Browser;
let admin: ChatUser;
let member: ChatUser;
let mcp: McpFixture;

beforeAll(async () => {
  mcp = await startMcpFixture();
  if (skipBrowser) return;
  browser = await launchBrowser();
  [admin, member] = await Promise.all([signUp(browser, "Ada Admin"), signUp(browser, "Max Member")]);
  await joinTeam(admin, member);
});
afterAll(async () => {
  await browser?.close();
  await mcp.stop();
});

describe.skipIf(skipBrowser)("Settings → Connectors, then the connector's tool in a chat", () => {
  it("an admin enables two tools; a member's call asks under the tool's title, runs once when approved and answers", async () => {
    const { page } = admin;
    await page.goto(`${appBaseURL()}/${admin.slug}/settings/connectors`);
    await page.getByText("No connectors yet").waitFor();
    await page.getByRole("button", { name: "Add connector" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("crm");
    await dialog.getByLabel("Title").fill("Acme CRM");
    await dialog.getByLabel("Server URL").fill(mcp.url);
    await dialog.getByRole("button", { name: "Add connector" }).click();

    const connector = page.getByRole("listitem", { name: "Acme CRM" });
    await connector.getByRole("listitem", { name: "create_ticket" }).waitFor({ timeout: 15_000 });
    await connector.getByRole("button", { name: "Refresh tools" }).click();
    await connector.getByRole("button", { name: "Refresh tools" }).waitFor();
    for (const tool of ["lookup_customer", "create_ticket"]) {
      const enabled = connector.getByRole("listitem", { name: tool }).getByRole("switch", { name: "Enabled" });
      // The switch shows the server's state: it turns on when the change is saved, not on the click.
      await enabled.click();
      await expect.poll(() => enabled.isChecked(), { timeout: 10_000 }).toBe(true);
    }
    await screenshot(page, "connectors-tools-enabled");

    await startConversation({ ...member, slug: admin.slug }, 'use crm__create_ticket {"subject": "Printer on fire"}');
    const asking = card(member.page, "permission_request", "pending");
    await asking.waitFor({ timeout: 20_000 });
    await asking.getByText("Allow Acme CRM: Create ticket?").first().waitFor();
    expect(await mcp.calls()).toEqual([]);
    await screenshot(member.page, "connector-permission-card");
    await asking.getByRole("button", { name: "Allow once" }).click();

    await seeInLog(member.page, "Created ticket T-1");
    await expect(log(member.page).locator("[data-tool-call]").first().textContent()).resolves.toContain("Acme CRM: Create ticket");
    expect(await mcp.calls()).toEqual([{ tool: "create_ticket", args: { subject: "Printer on fire" }, person: null }]);
  });
});
