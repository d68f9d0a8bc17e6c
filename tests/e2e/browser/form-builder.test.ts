import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { signUp, type ChatUser, joinTeam } from "../support/chat";

let browser: Browser;
let admin: ChatUser;
let member: ChatUser;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  [admin, member] = await Promise.all([signUp(browser, "Ada Admin"), signUp(browser, "Max Member")]);
  await joinTeam(admin, member);
});
afterAll(async () => browser?.close());

const group = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const preview = (page: Page) => page.getByRole("region", { name: "Preview", exact: true });

async function expectNoSeriousAxeViolations(page: Page) {
  // A toast fading in or out is drawn at partial opacity, which axe reads as low contrast: the page is what is checked.
  const axe = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  const serious = axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

describe.skipIf(skipBrowser)("the form builder", () => {
  it("an admin builds a two-step form with a condition and a confirmation step, saves version 1 and 2, and exports it", async () => {
    const { page } = admin;
    await page.goto(`${appBaseURL()}/${admin.slug}/forms`);
    await page.getByText("No forms yet").waitFor();
    await page.getByRole("link", { name: "Create a form" }).click();
    await page.waitForURL(/\/forms\/new$/);

    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Trip request");
    await expect(page.getByLabel("Form id").inputValue()).resolves.toBe("trip-request");
    const step1 = group(page, "Step 1");
    await step1.getByLabel("Step title").fill("Trip");

    // A new field has no label yet: the problem shows at the field and Save waits for it.
    await step1.getByRole("button", { name: "Add a field to step 1" }).click();
    const mode = group(page, "Step 1, field 1");
    await mode.getByText("Give it a label.").waitFor();
    await expect(page.getByRole("button", { name: "Save the form" }).isDisabled()).resolves.toBe(true);
    await mode.getByRole("textbox", { name: "Label", exact: true }).fill("Mode");
    await expect(mode.getByLabel("Field id").inputValue()).resolves.toBe("mode");
    await mode.getByLabel("Type", { exact: true }).selectOption("one_of");
    await mode.getByLabel("Options").fill("car\nrail\nair");
    await preview(page).getByText("one of: car | rail | air").waitFor();

    await step1.getByRole("button", { name: "Add a field to step 1" }).click();
    const distance = group(page, "Step 1, field 2");
    await distance.getByRole("textbox", { name: "Label", exact: true }).fill("Distance");
    await distance.getByLabel("Type", { exact: true }).selectOption("integer");
    await distance.getByLabel("Minimum", { exact: true }).fill("1");
    await distance.getByLabel("Show this field only when…").check();
    await expect(distance.getByLabel("Field the condition for this field looks at").inputValue()).resolves.toBe("mode");
    await distance.getByLabel("Value of the condition for this field").selectOption("car");
    await preview(page)
      .getByText(/integer >= 1 · Shown when Mode is car\. · not applicable yet/)
      .waitFor();

    await page.getByRole("button", { name: "Add a step" }).click();
    const step2 = group(page, "Step 2");
    await step2.getByLabel("Step title").fill("Details");
    await step2.getByRole("button", { name: "Add a field to step 2" }).click();
    await group(page, "Step 2, field 1").getByRole("textbox", { name: "Label", exact: true }).fill("Purpose");
    await page.getByLabel("End with a confirmation step").check();
    await group(page, "Step 3 (confirmation)").waitFor();
    await preview(page).getByText("3. Confirm").waitFor();
    await preview(page).getByText("Still needed: Mode, Purpose").waitFor();

    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "form-builder-new");

    const save = page.getByRole("button", { name: "Save the form" });
    await expect(save.isEnabled()).resolves.toBe(true);
    await save.click();
    await page.waitForURL(/\/forms\/(?!new)[^/]+$/);
    await page.getByText("Version 1 is saved.").waitFor();
    await expectNoSeriousAxeViolations(page);

    // Step 2 moves above step 1 from the keyboard, then back; an edit makes version 2.
    await group(page, "Step 2").getByRole("button", { name: "Move step Details up" }).press("Enter");
    await expect(group(page, "Step 1").getByLabel("Step title").inputValue()).resolves.toBe("Details");
    await group(page, "Step 1").getByRole("button", { name: "Move step Details down" }).press("Enter");
    await expect(group(page, "Step 1").getByLabel("Step title").inputValue()).resolves.toBe("Trip");
    await group(page, "Step 2, field 1").getByLabel("Hint").fill("Why you travel");
    await preview(page).getByText("Why you travel").waitFor();
    await page.getByRole("button", { name: "Save a new version" }).click();
    await page.getByRole("status").getByText("Saved as version 2.").first().waitFor();

    await page.getByRole("button", { name: "Version 1", exact: true }).click();
    await page.getByText(/You are looking at version 1/).waitFor();
    await expectNoSeriousAxeViolations(page);
    await expect(page.getByLabel("Hint").first().isDisabled()).resolves.toBe(true);
    await page.getByRole("button", { name: "Back to the current version" }).click();

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export JSON" }).click()]);
    expect(download.suggestedFilename()).toBe("trip-request.form.json");
    const exportedText = await readFile((await download.path())!, "utf8");
    const exported = JSON.parse(exportedText) as {
      format: string;
      definition: { id: string; steps: { id: string; confirmation?: boolean }[] };
    };
    expect(exported.format).toBe("handoff.form");
    expect(exported.definition.id).toBe("trip-request");
    expect(exported.definition.steps.map((step) => step.id)).toEqual(["trip", "details", "confirm"]);

    await page.getByRole("link", { name: "Forms", exact: true }).click();
    const row = page.getByRole("row").filter({ hasText: "trip-request" });
    await row.getByRole("link", { name: "Trip request", exact: true }).waitFor();
    // Name, id, fields, submissions, version.
    await expect(row.getByRole("cell").nth(4).textContent()).resolves.toBe("2");
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, "form-builder-list");

    // Importing the export again is refused (its id is taken) and says so; a file that is not JSON is refused before sending.
    const file = page.getByLabel("Form file to import");
    await file.setInputFiles({ name: "trip-request.form.json", mimeType: "application/json", buffer: Buffer.from(exportedText) });
    await page
      .getByRole("alert")
      .getByText(/trip-request\.form\.json was not imported/)
      .waitFor();
    await file.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not json") });
    await page.getByText("This file is not JSON.", { exact: false }).waitFor();
  });

  it("a save over someone else's newer version is refused and offers to reload; leaving with unsaved changes asks first", async () => {
    const created = await admin.page.evaluate(async (slug) => {
      const definition = {
        id: "support-request",
        name: "Support request",
        steps: [{ id: "issue", title: "Issue", fields: [{ id: "summary", label: "Summary", type: "text" }] }],
      };
      const response = await fetch(`/api/orgs/${slug}/forms`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ definition }),
      });
      return { status: response.status, body: (await response.json()) as { form: { id: string } } };
    }, admin.slug);
    expect(created.status).toBe(201);
    const url = `${appBaseURL()}/${admin.slug}/forms/${created.body.form.id}`;
    const [first, second] = [admin.page, await admin.context.newPage()];
    for (const page of [first, second]) {
      await page.goto(url);
      await page.getByText("Version 1 is saved.").waitFor();
    }

    await group(first, "Step 1, field 1").getByLabel("Hint").fill("One line is enough");
    await first.getByRole("button", { name: "Save a new version" }).click();
    await first.getByRole("status").getByText("Saved as version 2.").first().waitFor();

    await group(second, "Step 1, field 1").getByLabel("Hint").fill("Say what you tried");
    await second.getByRole("button", { name: "Save a new version" }).click();
    await second.getByText("Someone else saved this form").waitFor();
    await second.getByRole("button", { name: "Reload the newest version" }).click();
    await second.getByText("Reloaded version 2.").waitFor();
    await expect(group(second, "Step 1, field 1").getByLabel("Hint").inputValue()).resolves.toBe("One line is enough");

    await group(second, "Step 1, field 1").getByLabel("Hint").fill("Unsaved words");
    const asked = new Promise<string>((resolve) =>
      second.once("dialog", (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))),
    );
    await second.close({ runBeforeUnload: true });
    await expect(asked).resolves.toBe("beforeunload");
    await second.close();
  });

  it("a member opening the forms pages gets no builder", async () => {
    const { page } = member;
    await page.goto(`${appBaseURL()}/${admin.slug}/forms`);
    await page.getByText("Only admins can manage forms.").waitFor();
    await expect(page.getByRole("link", { name: "Create a form" }).count()).resolves.toBe(0);
    await expect(page.getByRole("link", { name: "Forms", exact: true }).count()).resolves.toBe(0);
    await page.goto(`${appBaseURL()}/${admin.slug}/forms/new`);
    await page.getByText("Only admins can manage forms.").waitFor();
    await expect(page.getByRole("form", { name: "Form builder" }).count()).resolves.toBe(0);
  });
});
