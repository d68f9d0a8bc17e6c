import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { expenseClaimForm } from "@/prisma/demo-forms";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { card, composer, joinTeam, send, seeInLog, signUp, type ChatUser } from "../support/chat";

const MEMBER_NAME = "Max Member";

let browser: Browser;
let admin: ChatUser;
let member: ChatUser;
let expenseClaimId: string;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  [admin, member] = await Promise.all([signUp(browser, "Ada Admin"), signUp(browser, MEMBER_NAME)]);
  await joinTeam(admin, member);
});
afterAll(async () => browser?.close());

/** Switches the named forms on in the agent settings page and saves. */
async function enableForms(page: Page, names: string[]) {
  await page.goto(`${appBaseURL()}/${admin.slug}/settings/agent`);
  const forms = page.getByRole("region", { name: "Forms", exact: true });
  for (const name of names) await forms.getByRole("checkbox", { name: new RegExp(name) }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.getByText("Agent settings saved.").first().waitFor();
}

/** The live form card of the conversation (the newest: hide-on-new). */
const formCard = (page: Page) => card(page, "form_card").last();
/** One field of the card, by id; its input is found by its label, which reads "(required)" for a required field. */
const fieldOf = (formCardLocator: Locator, id: string) => formCardLocator.locator(`[data-field="${id}"]`);

describe.skipIf(skipBrowser)("forms in the chat", () => {
  it("an admin builds a small form in the builder and switches it on for the agent", async () => {
    const { page } = admin;
    await page.goto(`${appBaseURL()}/${admin.slug}/forms/new`);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Visit note");
    const step = page.getByRole("group", { name: "Step 1", exact: true });
    await step.getByLabel("Step title").fill("Visit");
    await step.getByRole("button", { name: "Add a field to step 1" }).click();
    await page
      .getByRole("group", { name: "Step 1, field 1", exact: true })
      .getByRole("textbox", { name: "Label", exact: true })
      .fill("Summary");
    await page.getByRole("button", { name: "Save the form" }).click();
    await page.getByText("Version 1 is saved.").waitFor();
    await enableForms(page, ["Visit note"]);
  });

  it("the admin imports the expense claim and enables it too", async () => {
    const imported = await admin.page.evaluate(
      async ([slug, definition]) => {
        const response = await fetch(`/api/orgs/${slug}/forms/import`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ format: "handoff.form", formatVersion: 1, definition }),
        });
        return { status: response.status, body: (await response.json()) as { form: { id: string } } };
      },
      [admin.slug, expenseClaimForm] as const,
    );
    expect(imported.status).toBe(201);
    expenseClaimId = imported.body.form.id;
    await enableForms(admin.page, ["Expense claim"]);
    await expect(admin.page.getByRole("checkbox", { name: /Visit note/ }).isChecked()).resolves.toBe(true);
  });

  it("a member fills the expense claim by chatting and in the card, reloads, and submits it", async () => {
    const { page } = member;
    await page.goto(`${appBaseURL()}/${admin.slug}`);
    await composer(page).fill("start the expense claim");
    await composer(page).press("Enter");
    await page.waitForURL(/\/c\/[^/]+$/);
    const form = formCard(page);
    await form.waitFor({ timeout: 20_000 });
    await form.getByText("Still needed: Purpose").waitFor();

    await send(page, "my purpose is Client visit, the date of travel is 2026-11-20, the mode of travel is car and distance (km): 60");
    const distance = fieldOf(form, "distance_km").getByRole("spinbutton", { name: "Distance (km) (required)" });
    await expect.poll(() => distance.inputValue(), { timeout: 20_000 }).toBe("60");
    await fieldOf(form, "distance_km").getByText("answered by the agent").waitFor();
    await expect(fieldOf(form, "mode").getByRole("combobox").inputValue()).resolves.toBe("car");

    // A correction in words: the agent revises the answer.
    await send(page, "actually the distance is 80");
    await expect.poll(() => distance.inputValue(), { timeout: 20_000 }).toBe("80");

    // An edit in the card, from the keyboard: saved on Enter, then shown as the person's.
    const purpose = fieldOf(form, "purpose").getByRole("textbox", { name: "Purpose (required)" });
    const before = Number(await form.getAttribute("data-form-version"));
    await purpose.fill("Client workshop");
    await purpose.press("Enter");
    // Shown as the person's at once; the saved view (a newer version) follows.
    await fieldOf(form, "purpose").getByText("answered by you").waitFor();
    await expect.poll(async () => Number(await form.getAttribute("data-form-version")), { timeout: 20_000 }).toBeGreaterThan(before);
    const version = await form.getAttribute("data-form-version");
    // The saved edit did not take the keyboard's focus away from the input.
    await expect(purpose.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await screenshot(page, "chat-form-card");
    const axe = await new AxeBuilder({ page }).include('[data-renderer="form_card"]').analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    // After a reload the card shows the same state (the snapshot's forms).
    await page.reload();
    await formCard(page).waitFor({ timeout: 20_000 });
    await expect(formCard(page).getAttribute("data-form-version")).resolves.toBe(version);
    await expect(fieldOf(formCard(page), "purpose").getByRole("textbox", { name: "Purpose (required)" }).inputValue()).resolves.toBe(
      "Client workshop",
    );
    await expect(fieldOf(formCard(page), "distance_km").getByRole("spinbutton").inputValue()).resolves.toBe("80");
    await fieldOf(formCard(page), "purpose").getByText("answered by you").waitFor();

    await send(page, "the total amount is 120");
    await formCard(page).getByText("Everything required is answered.").waitFor({ timeout: 20_000 });

    await send(page, "submit the form");
    const confirm = card(page, "form_confirm", "pending");
    await confirm.waitFor({ timeout: 20_000 });
    await confirm.getByText("Client workshop").waitFor();
    await confirm.getByText("80", { exact: true }).waitFor();
    await screenshot(page, "chat-form-confirm");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await card(page, "form_confirm", "resolved").getByText("Submitted").waitFor({ timeout: 20_000 });
    await page.locator('[data-renderer="form_card"][data-form-status="submitted"]').waitFor({ timeout: 20_000 });
    await formCard(page).getByText("Submitted: these are the answers that were stored.").waitFor();
    await expect(formCard(page).locator("input").count()).resolves.toBe(0);
    await seeInLog(page, "submit the form");
  });

  it("the admin finds the submission with its history and in the CSV export", async () => {
    const { page } = admin;
    await page.goto(`${appBaseURL()}/${admin.slug}/forms/${expenseClaimId}/submissions`);
    const row = page.getByRole("row").filter({ hasText: MEMBER_NAME });
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole("link").first().click();
    await page.waitForURL(/\/submissions\/[^/]+$/);

    const distanceHistory = page.getByRole("list", { name: "History of Distance (km)" });
    await distanceHistory.getByText("the agent set “60”").waitFor();
    await distanceHistory.getByText("the agent set “80”").waitFor();
    await page.getByRole("list", { name: "History of Purpose" }).getByText(`${MEMBER_NAME} set “Client workshop”`).waitFor();
    await screenshot(page, "chat-form-submission");

    await page.goto(`${appBaseURL()}/${admin.slug}/forms/${expenseClaimId}/submissions`);
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    const csv = await page.evaluate(async (url) => (await fetch(url!)).text(), href);
    expect(csv).toContain("Client workshop");
    expect(csv).toMatch(/(^|,)"?80"?(,|$)/m);
  });

  it("a claim over the limit waits for an admin: the member sees no buttons, the admin approves in the same conversation", async () => {
    const { page } = member;
    await page.goto(`${appBaseURL()}/${admin.slug}`);
    await composer(page).fill("start the expense claim");
    await composer(page).press("Enter");
    await page.waitForURL(/\/c\/[^/]+$/);
    await formCard(page).waitFor({ timeout: 20_000 });
    await send(page, "the purpose is Team offsite, the date of travel is 2026-11-25, the mode of travel is car and the distance is 700");
    // The composer sends again once the agent has answered.
    await seeInLog(page, "Still needed: Total amount.");
    await send(page, "the total amount is 840");

    const waiting = card(page, "form_approval", "pending");
    await waiting.getByText("Waiting for an admin's approval.").waitFor({ timeout: 20_000 });
    await expect(waiting.getByRole("button", { name: "Approve" }).count()).resolves.toBe(0);

    await admin.page.goto(page.url());
    const approval = card(admin.page, "form_approval", "pending");
    await approval.getByText("840").waitFor({ timeout: 20_000 });
    await approval.getByRole("textbox", { name: "Note (optional)" }).fill("Fine for the offsite");
    await approval.getByRole("button", { name: "Approve" }).click();
    await card(admin.page, "form_approval", "resolved").getByText("Approved: Fine for the offsite").waitFor({ timeout: 20_000 });

    // The member's tab follows live: the card is decided and the form is ready to submit.
    await card(page, "form_approval", "resolved").getByText("Approved: Fine for the offsite").waitFor({ timeout: 20_000 });
    await formCard(page).getByText("Everything required is answered.").waitFor({ timeout: 20_000 });
  });
});
