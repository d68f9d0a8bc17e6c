// Files on a new chat's first message, from the org home: paste a picture, see it before sending,
// remove another, send; the new conversation shows the picture on its first message and the model got it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { composer, log, signUp, type ChatUser } from "../support/chat";
import { appBaseURL } from "../support/env";
import { anthropicBody, anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "../../support/fake-providers/anthropic";
import { openaiText, startFakeOpenAI, type FakeOpenAIServer } from "../../support/fake-providers/openai";

const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

let browser: Browser;
let user: ChatUser;
let claude: FakeAnthropicServer;
let llama: FakeOpenAIServer;

beforeAll(async () => {
  if (skipBrowser) return;
  [browser, claude, llama] = await Promise.all([
    launchBrowser(),
    startFakeAnthropic(anthropicText("A single pixel.")),
    startFakeOpenAI(openaiText("Never asked.")),
  ]);
  user = await signUp(browser, "Home Paste Tester");
});
afterAll(async () => Promise.all([browser?.close(), claude?.close(), llama?.close()]));

/** The team's agent on a fake provider (the e2e server allows local URLs). */
async function useModel(model: Record<string, unknown>, providerApiKey?: string) {
  const status = await user.page.evaluate(
    async ([slug, body]) =>
      (await fetch(`/api/orgs/${slug}/agent`, { method: "PUT", headers: { "content-type": "application/json" }, body })).status,
    [user.slug, JSON.stringify({ name: "Agent", systemPrompt: "Be brief.", enabledTools: [], model, providerApiKey })] as const,
  );
  expect(status).toBe(200);
}

describe.skipIf(skipBrowser)("files on a new chat's first message", () => {
  it("a pasted image on the home page is previewed, sent with the first message, shown on it, and read by the model", async () => {
    const { page } = user;
    await page.goto(`${appBaseURL()}/${user.slug}`);
    await useModel({ provider: "anthropic", model: "claude-sonnet-4-5", baseURL: claude.url, maxAttempts: 1 }, "sk-ant-home");
    const drafts = page.getByRole("list", { name: "Files to send" });

    await composer(page).focus();
    await page.evaluate((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], "pixel.png", { type: "image/png" }));
      document.activeElement!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, PNG_BASE64);
    const preview = drafts.locator('[data-attachment-draft="ready"]', { hasText: "pixel.png" });
    await preview.waitFor();
    await expect.poll(() => preview.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);

    // Picked, then removed before sending: it is deleted, not sent.
    const deleted = page.waitForResponse(
      (response) => response.request().method() === "DELETE" && response.url().includes("/attachments/"),
    );
    await page.getByLabel("Files to attach").setInputFiles({ name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from("# Draft") });
    const notes = drafts.locator('[data-attachment-draft="ready"]', { hasText: "notes.md" });
    await notes.waitFor();
    await notes.getByRole("button", { name: "Remove notes.md" }).click();
    expect((await deleted).status()).toBe(204);
    await screenshot(page, "new-chat-attachment-preview");

    claude.requests.length = 0;
    await composer(page).fill("What is in this picture?");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.waitForURL(/\/c\/[^/]+$/);
    await log(page).getByText("A single pixel.").waitFor({ timeout: 20_000 });
    const content = anthropicBody(claude.lastRequest).messages.at(-1)?.content as unknown[];
    expect(content).toContainEqual({ type: "image", source: { type: "base64", media_type: "image/png", data: PNG_BASE64 } });
    expect(JSON.stringify(content)).not.toContain("Draft");

    const shown = log(page).locator('[data-message="user"]').first().getByRole("img", { name: "pixel.png" });
    await shown.waitFor({ timeout: 20_000 });
    await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
  });

  it("a first message the model cannot take gives its words and files back to the home's composer", async () => {
    const { page } = user;
    await page.goto(`${appBaseURL()}/${user.slug}`);
    // An OpenAI-compatible model reads no PDFs unless the admin says so.
    await useModel({ provider: "openai-compatible", model: "llama3.2", baseURL: `${llama.url}/v1`, maxAttempts: 1 });
    const drafts = page.getByRole("list", { name: "Files to send" });
    await page.getByLabel("Files to attach").setInputFiles({
      name: "report.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"),
    });
    await drafts.locator('[data-attachment-draft="ready"]', { hasText: "report.pdf" }).waitFor();
    await composer(page).fill("Summarize the report");
    await page.getByRole("button", { name: "Send message" }).click();

    await page
      .getByText(/cannot read PDFs/)
      .first()
      .waitFor({ timeout: 20_000 });
    await drafts.locator('[data-attachment-draft="ready"]', { hasText: "report.pdf" }).waitFor();
    await expect.poll(() => composer(page).inputValue()).toBe("Summarize the report");
    expect(new URL(page.url()).pathname).toBe(`/${user.slug}`);
    expect(llama.requests).toHaveLength(0);
  });
});
