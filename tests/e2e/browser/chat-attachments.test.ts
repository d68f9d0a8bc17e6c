// Files in the composer, as a person uses them: paste a picture, see it before sending, send it, the
// model gets it and the history shows it after a reload; a program renamed photo.png is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { composer, log, signUp, startConversation, type ChatUser } from "../support/chat";
import { anthropicBody, anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "../../support/fake-providers/anthropic";

const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

let browser: Browser;
let user: ChatUser;
let claude: FakeAnthropicServer;

beforeAll(async () => {
  if (skipBrowser) return;
  [browser, claude] = await Promise.all([launchBrowser(), startFakeAnthropic(anthropicText("A single pixel."))]);
  user = await signUp(browser, "Paste Tester");
  // A model that reads images, on the fake provider (the e2e server allows local URLs).
  const status = await user.page.evaluate(
    async ([slug, baseURL]) =>
      (
        await fetch(`/api/orgs/${slug}/agent`, {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            name: "Agent",
            systemPrompt: "Be brief.",
            enabledTools: [],
            model: { provider: "anthropic", model: "claude-sonnet-4-5", baseURL, maxAttempts: 1 },
            providerApiKey: "sk-ant-paste",
          }),
        })
      ).status,
    [user.slug, claude.url],
  );
  expect(status).toBe(200);
});
afterAll(async () => Promise.all([browser?.close(), claude?.close()]));

const drafts = (user: ChatUser) => user.page.getByRole("list", { name: "Files to send" });

describe.skipIf(skipBrowser)("attachments in the browser", () => {
  it("a pasted image is previewed, sent to the model, and shown in the history after a reload", async () => {
    const { page } = user;
    await startConversation(user, "hello");
    await log(page).getByText("A single pixel.").waitFor({ timeout: 20_000 });

    await composer(page).focus();
    await page.evaluate((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], "pixel.png", { type: "image/png" }));
      document.activeElement!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, PNG_BASE64);
    const preview = drafts(user).locator('[data-attachment-draft="ready"]', { hasText: "pixel.png" });
    await preview.waitFor();
    await expect.poll(() => preview.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await screenshot(page, "attachment-preview");

    claude.requests.length = 0;
    await composer(page).fill("What is in this picture?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => claude.requests.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const content = anthropicBody(claude.lastRequest).messages.at(-1)?.content as unknown[];
    expect(content).toContainEqual({ type: "image", source: { type: "base64", media_type: "image/png", data: PNG_BASE64 } });
    // The box is empty again; the file is on the message.
    await expect.poll(() => page.locator("[data-attachment-draft]").count()).toBe(0);

    await page.reload();
    const shown = log(page).locator('[data-message="user"]').getByRole("img", { name: "pixel.png" });
    await shown.waitFor({ timeout: 20_000 });
    await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
  });

  it("a program renamed photo.png is refused with a sentence, and Send waits until it is removed; a dropped file attaches", async () => {
    const { page } = user;
    const elf = [0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)];
    await page.getByLabel("Files to attach").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from(elf) });
    const refused = drafts(user).locator('[data-attachment-draft="failed"]');
    await refused.getByText("photo.png is a Linux program (ELF), not a document or a picture").waitFor();
    await composer(page).fill("Here is my photo");
    await expect.poll(() => page.getByRole("button", { name: "Send message" }).isDisabled()).toBe(true);
    await screenshot(page, "attachment-refused");
    await refused.getByRole("button", { name: "Remove photo.png" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Send message" }).isEnabled()).toBe(true);

    // Dropped onto the conversation, not the box.
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["# Plan\n- ship it"], "notes.md", { type: "text/markdown" }));
      const target = document.querySelector('[role="log"]')!;
      target.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    });
    await drafts(user).locator('[data-attachment-draft="ready"]', { hasText: "notes.md" }).waitFor();
  });
});
