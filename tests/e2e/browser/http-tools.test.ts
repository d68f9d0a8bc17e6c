// An admin defines an HTTP tool in Settings → HTTP tools (a secret, an input field made with the form
// builder's field editor, a header that references the secret) and "Try it" shows the request with the
// secret masked and the receiver's response.
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
  receiver.respond((request) => ({
    status: 200,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ order: request.path, state: "shipped" }),
  }));
  if (skipBrowser) return;
  browser = await launchBrowser();
  admin = await signUp(browser, "Hana Http");
});
afterAll(async () => {
  await browser?.close();
  await receiver.close();
});

describe.skipIf(skipBrowser)("Settings → HTTP tools", () => {
  it("an admin defines a tool and Try it shows the response", async () => {
    const { page } = admin;
    await page.goto(`${appBaseURL()}/${admin.slug}/settings/http-tools`);
    await page.getByRole("link", { name: "HTTP tools" }).waitFor();
    await page.getByText("No HTTP tools yet").waitFor();

    const secretForm = page.getByRole("form", { name: "Add or replace a secret" });
    await secretForm.getByLabel("Secret name").fill("SHOP_TOKEN");
    await secretForm.getByLabel("Value", { exact: true }).fill("browser-secret-42");
    await secretForm.getByRole("button", { name: "Save secret" }).click();
    await page.getByRole("list", { name: "Secrets" }).getByText("SHOP_TOKEN").waitFor();

    await page.getByRole("button", { name: "New tool" }).click();
    const editor = page.getByRole("form", { name: "New HTTP tool" });
    await editor.getByRole("textbox", { name: "Name", exact: true }).fill("order_status");
    await editor.getByRole("textbox", { name: "Description", exact: true }).fill("Tells the state of an order.");
    await editor.getByRole("textbox", { name: "URL", exact: true }).fill(`http://127.0.0.1:${receiver.port}/orders/{{input.order_id}}`);
    await editor.getByRole("button", { name: "Add field" }).click();
    const field = editor.getByRole("group", { name: "Field 1", exact: true });
    await field.getByRole("textbox", { name: "Label", exact: true }).fill("Order id");
    await field.getByLabel("Field id").fill("order_id");
    await editor.getByRole("button", { name: "Add header" }).click();
    await editor.getByLabel("Header 1 name").fill("X-Token");
    await editor.getByLabel("Header 1 value").fill("{{secret.SHOP_TOKEN}}");
    await editor.getByRole("button", { name: "Save tool" }).click();

    const item = page.getByRole("listitem", { name: "order_status" });
    await item.waitFor();
    await expect(item.getByText("Needs approval").isVisible()).resolves.toBe(true);
    await item.getByText("Try it", { exact: true }).click();
    await item.getByLabel("Sample input (JSON)").fill('{"order_id": "A 7"}');
    await item.getByRole("button", { name: "Run", exact: true }).click();

    const result = item.getByRole("region", { name: "Try it result" });
    await result.getByText('"state": "shipped"').waitFor();
    await expect(result.getByText("X-Token: {{secret.SHOP_TOKEN}}").isVisible()).resolves.toBe(true);
    await expect(result.textContent()).resolves.not.toContain("browser-secret-42");
    expect(receiver.received.at(-1)).toMatchObject({ path: "/orders/A%207", headers: { "x-token": "browser-secret-42" } });
    await screenshot(page, "http-tools-try-it");
  });
});
