import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEMO_CODE_AND_TABLE } from "@/lib/models/demo-triggers";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { signUp, startConversation, type ChatUser } from "../support/chat";

let browser: Browser;
let user: ChatUser;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  user = await signUp(browser, "Code Reader");
  await user.context.grantPermissions(["clipboard-read", "clipboard-write"]);
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("code and tables in an answer", () => {
  it("a code block is one frame with its language, highlighted, and Copy puts the code in the clipboard", async () => {
    const { page } = user;
    await startConversation(user, DEMO_CODE_AND_TABLE.example);
    const block = page.locator('[data-message="agent"] [data-streamdown="code-block"]');
    await block.waitFor({ timeout: 20_000 });
    await expect(block.locator('[data-streamdown="code-block-header"]').textContent()).resolves.toContain("ts");
    // Shiki colours the tokens, and the colours reach the screen (Streamdown's classes are generated).
    const colours = () =>
      block.evaluate((frame) => new Set([...frame.querySelectorAll("pre span")].map((span) => getComputedStyle(span).color)).size);
    await expect.poll(colours, { timeout: 10_000 }).toBeGreaterThan(2);
    await expect(block.locator("pre").count()).resolves.toBe(1);

    // A real mouse click (not a dispatched event): nothing may lie over the button.
    await block.locator('[data-streamdown="code-block-copy-button"]').click();
    // Streamdown copies the block as the fence holds it, with its closing newline.
    const copied = () => page.evaluate(() => navigator.clipboard.readText());
    await expect.poll(copied, { timeout: 5_000 }).toBe(`${DEMO_CODE_AND_TABLE.code}\n`);
    await screenshot(page, "chat-code-and-table");
  });

  it("a wide table scrolls inside its frame, not the page", async () => {
    const { page } = user;
    const wrapper = page.locator('[data-message="agent"] [data-streamdown="table-wrapper"]').first();
    await wrapper.waitFor({ timeout: 20_000 });
    const sizes = await page.evaluate(() => {
      const table = document.querySelector('[data-message="agent"] [data-streamdown="table"]');
      const scroller = table?.parentElement;
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        table: table?.scrollWidth ?? 0,
        frame: scroller?.clientWidth ?? 0,
        overflow: scroller ? getComputedStyle(scroller).overflowX : "",
      };
    });
    expect(sizes.page).toBe(0);
    expect(sizes.table).toBeGreaterThan(sizes.frame);
    expect(sizes.overflow).toMatch(/auto|scroll/);
  });
});
