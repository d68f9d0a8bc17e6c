// An admin names a light model in the settings form; a simple request goes to it, and the chat says so under the answer.
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { seeInLog, signUp, startConversation, type ChatUser } from "../support/chat";
import { anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "../../support/fake-providers/anthropic";

let browser: Browser;
let admin: ChatUser;
let claude: FakeAnthropicServer;

beforeAll(async () => {
  if (skipBrowser) return;
  [browser, claude] = await Promise.all([launchBrowser(), startFakeAnthropic(anthropicText("The main model answers."))]);
  admin = await signUp(browser, "Router Tester");
});
afterAll(async () => Promise.all([browser?.close(), claude?.close()]));

describe.skipIf(skipBrowser)("light / heavy routing in the browser", () => {
  it("an admin sets a light model; a greeting goes to it and the answer says where it went", async () => {
    const { page } = admin;
    await page.goto(`${appBaseURL()}/${admin.slug}/settings/agent`);
    await page.getByLabel("Provider", { exact: true }).selectOption("anthropic");
    await page.getByRole("textbox", { name: "Model", exact: true }).fill("claude-test");
    await page.getByRole("textbox", { name: "Base URL", exact: true }).fill(claude.url);
    await page.getByLabel("Provider API key").fill("sk-ant-team-key");
    await page.getByLabel("Light model provider").selectOption("demo");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Agent settings saved.").waitFor();

    await startConversation(admin, "hi");
    await seeInLog(page, "Sent to the light model demo: a simple request (score 0.00, under 0.35).");
    await screenshot(page, "model-routing");
  });
});
