// Settings → Webhooks in the browser: an admin creates an API key and an outbound endpoint pointing
// at a real receiver, copies the secret shown once, sends a test event, and sees it succeeded in
// the delivery log; the receiver verifies the delivery with that secret.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { signUp, type ChatUser } from "../support/chat";
import { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";

let browser: Browser;
let admin: ChatUser;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  if (skipBrowser) return;
  browser = await launchBrowser();
  admin = await signUp(browser, "Hook Admin");
});
afterAll(async () => {
  await browser?.close();
  await receiver.close();
});

describe.skipIf(skipBrowser)("webhook settings in the browser", () => {
  it("an admin creates a key and an endpoint, sends a test event and sees it succeeded in the delivery log", async () => {
    const { page } = admin;
    await page.goto(`${appBaseURL()}/${admin.slug}/settings/api-keys`);
    await page.getByLabel("Name").fill("ERP");
    await page.getByRole("button", { name: "Create key" }).click();
    const key = page.getByRole("dialog").getByLabel("API key");
    await key.waitFor();
    await expect(key.inputValue()).resolves.toMatch(/^hk_/);
    await page.getByRole("button", { name: "Done" }).click();

    await page.getByRole("link", { name: "Outbound webhooks" }).click();
    await page.getByText("No webhook endpoints yet").waitFor();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("URL").fill(receiver.url);
    await dialog.getByLabel("Description").fill("ERP purchase orders");
    await dialog.getByRole("checkbox", { name: /run\.completed/ }).check();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    const secretInput = page.getByRole("dialog").getByLabel("Signing secret");
    await secretInput.waitFor();
    const secret = await secretInput.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("button", { name: "Done" }).click();

    const endpoint = page.getByRole("listitem", { name: receiver.url });
    await endpoint.getByText("ERP purchase orders").waitFor();
    await endpoint.getByRole("button", { name: "Send test event" }).click();
    await endpoint.getByText("Delivery log").click();
    const log = endpoint.getByRole("table", { name: "Deliveries" });
    await log.getByText("Succeeded").waitFor({ timeout: 30_000 });
    await log.getByText("1 attempt").click();
    await log.getByText(/#1 · 204/).waitFor();
    await screenshot(page, "webhooks-settings");

    const [request] = await receiver.waitFor((all) => all.length === 1);
    expect(new Webhook(secret).verify(request.body, request.headers)).toMatchObject({ type: "webhook.test" });
    // The secret was shown once: the page holds it no more.
    expect(await page.content()).not.toContain(secret);

    // Deleting asks first; Cancel keeps the endpoint, confirming removes it.
    await endpoint.getByRole("button", { name: `Delete endpoint ${receiver.url}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await endpoint.waitFor();
    await endpoint.getByRole("button", { name: `Delete endpoint ${receiver.url}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete the endpoint" }).click();
    await page.getByText("No webhook endpoints yet").waitFor();
  });
});
