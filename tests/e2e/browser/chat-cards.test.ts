import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { card, seeInLog, send, signUp, startConversation, type ChatUser } from "../support/chat";

let browser: Browser;
let user: ChatUser;
let page: Page;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  user = await signUp(browser, "Grace Hopper");
  page = user.page;
});
afterAll(async () => browser?.close());

/** Each card type once, in one conversation, the way a person answers it. */
describe.skipIf(skipBrowser)("every card type in the browser", () => {
  it("confirm_action", async () => {
    await startConversation(user, "delete the old drafts");
    const confirm = card(page, "confirm_action", "pending");
    await confirm.waitFor({ timeout: 20_000 });
    // A message sent while the agent waits is queued for its next step.
    await send(page, "show an info card about queues");
    await page.getByText("1 message waits for the agent's next step").waitFor();
    await screenshot(page, "card-confirm");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await card(page, "confirm_action", "resolved").getByText("Confirmed").waitFor();
    // The agent reads the queued message at its next step; the demo model answers the newest message.
    await page.getByText("1 message waits for the agent's next step").waitFor({ state: "detached", timeout: 20_000 });
    await seeInLog(page, "show an info card about queues");
    await page.locator('[data-renderer="show_info_card"]').getByText("Queues", { exact: true }).waitFor({ timeout: 20_000 });
    await seeInLog(page, "The card is in the timeline.");
  });

  it("ask_preference (single choice)", async () => {
    await send(page, "help me choose between tea, coffee and water");
    const choice = card(page, "ask_preference", "pending");
    await choice.waitFor({ timeout: 20_000 });
    await choice.getByRole("radio", { name: "coffee" }).check();
    await screenshot(page, "card-choice");
    await choice.getByRole("button", { name: "Choose" }).click();
    await seeInLog(page, "You chose coffee.");
  });

  it("suggest_options (multiple choice)", async () => {
    await send(page, "suggest options for the team offsite");
    const options = card(page, "suggest_options", "pending");
    await options.waitFor({ timeout: 20_000 });
    await options.getByRole("checkbox", { name: "A hike" }).check();
    await options.getByRole("checkbox", { name: "A boat trip" }).check();
    await screenshot(page, "card-options");
    await options.getByRole("button", { name: "Send 2 choices" }).click();
    await seeInLog(page, "You picked: A hike, A boat trip.");
  });

  it("text_input", async () => {
    await send(page, "ask me for a project name");
    const input = card(page, "text_input", "pending");
    await input.waitFor({ timeout: 20_000 });
    await input.getByRole("button", { name: "Send" }).click();
    await input.getByText("Enter some text.").waitFor();
    await input.getByRole("textbox").fill("Apollo");
    await input.getByRole("button", { name: "Send" }).click();
    await seeInLog(page, 'Thanks, I noted "Apollo".');
  });

  it("collect_form, validated in the browser", async () => {
    await send(page, "collect my contact details");
    const form = card(page, "collect_form", "pending");
    await form.waitFor({ timeout: 20_000 });
    await form.getByRole("button", { name: "Submit" }).click();
    await form.getByText("Name is required").waitFor();
    await form.getByRole("textbox", { name: "Name" }).fill("Grace Hopper");
    await form.getByRole("textbox", { name: "Email" }).fill("not-an-email");
    await form.getByRole("button", { name: "Submit" }).click();
    await form.getByText("Email must be an email address").waitFor();
    await screenshot(page, "card-form-errors");
    await form.getByRole("textbox", { name: "Email" }).fill("grace@example.com");
    await form.getByRole("button", { name: "Submit" }).click();
    await seeInLog(page, "Thanks, I have name: Grace Hopper, email: grace@example.com");
  });

  it("approve_plan: edit one step, reject another, approve", async () => {
    await send(page, "plan the product launch");
    const plan = card(page, "approve_plan", "pending");
    await plan.waitFor({ timeout: 20_000 });
    await plan.getByRole("textbox", { name: "Step 2" }).fill("Draft the launch post");
    await plan.getByRole("radiogroup", { name: "Decision for step 3" }).getByRole("radio", { name: "Reject" }).click();
    await screenshot(page, "card-plan");
    await plan.getByRole("button", { name: "Approve 3 of 4 steps" }).click();
    await seeInLog(page, "The plan was approved. First step: Research the product launch.");
    const settled = card(page, "approve_plan", "resolved");
    await settled.getByText("Draft the launch post").waitFor();
  });

  it("show_info_card (display only)", async () => {
    await send(page, "show an info card about billing");
    const info = page.locator('[data-renderer="show_info_card"]').filter({ hasText: "Billing" });
    await info.waitFor({ timeout: 20_000 });
    await expect(info.getByText("The demo model shows this info card about billing.").isVisible()).resolves.toBe(true);
    await page.getByText("The card is in the timeline.").nth(1).waitFor();
    await screenshot(page, "card-info");
  });
});
