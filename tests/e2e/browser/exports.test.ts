import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { seeInLog, signUp, startConversation, type ChatUser } from "../support/chat";

let browser: Browser;
let owner: ChatUser;
const SAID = "remember the export walrus";

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  owner = await signUp(browser, "Ada Lovelace");
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("export and import in the browser", () => {
  it("exports a conversation as Markdown and as JSON from the sidebar, and imports the JSON back", async () => {
    const { page } = owner;
    await startConversation(owner, SAID);
    await seeInLog(page, "I heard");
    const sidebar = page.getByRole("navigation", { name: "Conversations" });
    const actions = sidebar.getByRole("button", { name: /^Actions for / }).first();

    await actions.click();
    const [markdown] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "Export as Markdown" }).click(),
    ]);
    expect(markdown.suggestedFilename()).toMatch(/\.md$/);
    const transcript = await readFile((await markdown.path())!, "utf8");
    expect(transcript).toContain(`\n\n${SAID}\n`);
    expect(transcript).toContain("## Agent");

    await actions.click();
    const [json] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "Export as JSON" }).click()]);
    const file = (await json.path())!;
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ format: "handoff.conversation.v1" });

    await page.goto(`${appBaseURL()}/${owner.slug}/settings/data`);
    await page
      .getByLabel("File to import")
      .setInputFiles({ name: "conversation.json", mimeType: "application/json", buffer: await readFile(file) });
    await page.getByRole("status").getByText("1 conversation imported.").waitFor();
    await page.getByRole("status").getByRole("link").click();
    await seeInLog(page, SAID);
  });

  it("an admin starts an organization export, watches it finish, and downloads its JSON lines", async () => {
    const { page } = owner;
    await page.goto(`${appBaseURL()}/${owner.slug}/settings`);
    await page.getByRole("link", { name: "Data" }).click();
    await page.getByRole("button", { name: "Start an export" }).click();
    const exports = page.getByRole("list", { name: "Exports" });
    const download = exports.getByRole("link", { name: /^Download/ }).first();
    await download.waitFor({ timeout: 30_000 });
    await screenshot(page, "data-export-done");
    // The conversation and its imported copy at least (whatever else the sign-up left in the organization).
    const summary = await exports
      .getByText(/^(\d+) of \1 conversations, done$/)
      .first()
      .textContent();
    const count = Number(summary!.split(" ")[0]);
    expect(count).toBeGreaterThanOrEqual(2);
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${owner.slug}-export-\\d{4}-\\d{2}-\\d{2}\\.jsonl$`));
    const lines = (await readFile((await file.path())!, "utf8")).trim().split("\n");
    expect(lines).toHaveLength(count);
    expect(lines.filter((line) => line.includes(SAID))).toHaveLength(2);
  });
});
