// An admin creates an inbound endpoint in Settings → Inbound webhooks, sees its URL and secret once,
// checks the correlation path against the sample, and after an event is POSTed sees it in the event log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { signUp, type ChatUser } from "../support/chat";
import { freshIp, sendHubEvent } from "../support/inbound";

let browser: Browser;
let admin: ChatUser;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  admin = await signUp(browser, "Ines Inbound");
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("Settings → Inbound webhooks", () => {
  it("an admin creates an endpoint, sees its URL and secret once, and sees a received event in its log", async () => {
    const page = admin.page;
    await page.goto(`${appBaseURL()}/${admin.slug}/settings/inbound`);
    await page.getByRole("link", { name: "Inbound webhooks" }).waitFor();
    await page.getByText("No inbound endpoints yet").waitFor();

    await page.getByLabel("Name").fill("Finance system");
    await page.getByLabel("Tags it may resolve").fill("finance");
    await expect(page.getByLabel("How the sender proves itself").inputValue()).resolves.toBe("hub_signature");
    // The rule's preview against the sample event shows the key it would extract.
    const preview = page.getByRole("definition").first();
    await expect(preview.textContent()).resolves.toBe("ORD-42");
    await page.getByLabel("Correlation path").fill("data.missing");
    await page.getByText(/Nothing: no string or number at this path/).waitFor();
    await page.getByLabel("Correlation path").fill("data.order_id");
    await page.getByRole("button", { name: "Create endpoint" }).click();

    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const url = await dialog.getByLabel("URL to give the sender").inputValue();
    const secret = await dialog.getByLabel(/ secret$/).inputValue();
    expect(url).toMatch(new RegExp(`^${appBaseURL()}/api/inbound/\\w+$`));
    expect(secret).toMatch(/^hhs_[0-9a-f]{64}$/);
    await screenshot(page, "inbound-secret-once");
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });

    const endpoint = page.getByRole("listitem", { name: "Finance system" });
    await endpoint.waitFor();
    await expect(endpoint.getByText(url).isVisible()).resolves.toBe(true);
    await expect(page.getByText(secret).count()).resolves.toBe(0);

    const sent = await sendHubEvent(
      url.split("/").pop()!,
      JSON.stringify({ data: { order_id: "ORD-42", approved: true } }),
      secret,
      freshIp(),
    );
    expect(sent).toMatchObject({ status: 202, body: { outcome: "kept" } });
    await endpoint.getByRole("button", { name: "Show the event log" }).click();
    const log = endpoint.getByRole("table", { name: "Events of Finance system" });
    await log.getByText("Kept (waiting for an item)").waitFor();
    await expect(log.getByText("ORD-42").isVisible()).resolves.toBe(true);
    await expect(log.getByText("Verified").isVisible()).resolves.toBe(true);
    await screenshot(page, "inbound-event-log");
  });
});
