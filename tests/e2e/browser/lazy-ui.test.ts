import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { repoRoot } from "@/tooling/db/embedded-postgres";
import { appBaseURL } from "../support/env";
import { launchBrowser, skipBrowser } from "../support/browser";
import { seeInLog, signUp, startConversation, type ChatUser } from "../support/chat";

// Menus, the mobile drawer and sonner load after the page (components/ui/lazy-popup.tsx,
// components/ui/toast.ts): each is checked from a fresh page load, before anything was hovered.

let browser: Browser;
let user: ChatUser;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  user = await signUp(browser);
});
afterAll(async () => browser?.close());

/** The accessible name (or text) of the focused element, and whether it is inside an open menu or dialog. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return {
      label: element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "",
      inMenu: Boolean(element?.closest('[role="menu"]')),
      inDialog: Boolean(element?.closest('[role="dialog"]')),
    };
  });

/** Holds back the JavaScript chunks that contain `marker` (e.g. a library's attribute name); resolves to whether one was asked for. */
/**
 * Holds back the build's chunks whose code contains `marker` until `release()`, so a test can act
 * before that code arrives whatever the machine's speed. They are served from .next on disk and no
 * other request is intercepted (reading every chunk through the route slowed page loads under load).
 */
async function holdChunks(page: Page, marker: string) {
  const chunks = path.join(repoRoot, ".next", "static", "chunks");
  const names = new Set<string>();
  for (const name of await fs.readdir(chunks, { recursive: true })) {
    if (name.endsWith(".js") && (await fs.readFile(path.join(chunks, name), "utf8")).includes(marker)) names.add(name);
  }
  if (names.size === 0) throw new Error(`No chunk of the build in ${chunks} contains ${marker}: run npm run build.`);
  let requested = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const chunkOf = (url: URL) =>
    url.pathname.startsWith("/_next/static/chunks/") ? decodeURIComponent(url.pathname.slice("/_next/static/chunks/".length)) : "";
  await page.route(
    (url) => names.has(chunkOf(url)),
    async (route) => {
      requested = true;
      await released;
      // The page may have been closed meanwhile.
      await route.fulfill({ path: path.join(chunks, chunkOf(new URL(route.request().url()))) }).catch(() => {});
    },
  );
  return { requested: () => requested, release: () => release() };
}

describe.skipIf(skipBrowser)("closed-at-first-paint UI loads on intent", () => {
  it("the account menu opens with the keyboard at the first Enter, takes the focus and gives it back", async () => {
    const page = await user.context.newPage();
    const menu = await holdChunks(page, "DropdownMenuContent");
    await page.goto(`${appBaseURL()}/${user.slug}`);
    const trigger = page.getByRole("button", { name: /Account menu for/ });
    await expect(trigger.getAttribute("aria-haspopup")).resolves.toBe("menu");
    await expect(trigger.getAttribute("aria-expanded")).resolves.toBe("false");

    // Focus loads the menu; Enter comes before it has arrived (held back), and must still open
    // it as radix does for the keyboard: focus on the first item.
    await trigger.focus();
    await expect.poll(menu.requested).toBe(true);
    await page.keyboard.press("Enter");
    menu.release();
    await page.getByRole("menu").waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "menuitem");
    await expect(focused(page)).resolves.toMatchObject({ label: "Account settings", inMenu: true });
    // (The open modal menu hides the rest of the page from the accessibility tree, so not by role.)
    await page.locator('button[aria-haspopup="menu"][aria-expanded="true"]', { hasText: "Account menu for" }).waitFor();

    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "detached" });
    await expect(trigger.evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    // Now the real radix trigger: ArrowDown opens it too.
    await page.keyboard.press("ArrowDown");
    await page.getByRole("menuitem", { name: "Account settings" }).waitFor();
    await page.keyboard.press("Escape");
    await page.close();
  });

  it("the organization switcher and the theme menu open at the first click", async () => {
    const page = await user.context.newPage();
    // The click comes before the menu's code has arrived.
    const menu = await holdChunks(page, "DropdownMenuContent");
    await page.goto(`${appBaseURL()}/${user.slug}`);
    await page.getByRole("button", { name: /Switch organization/ }).click();
    menu.release();
    await page
      .getByRole("menu")
      .getByRole("menuitem", { name: /Engines/ })
      .waitFor();
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Change theme" }).first().click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await page.getByRole("button", { name: "Change theme" }).first().click();
    await page.getByRole("menuitemradio", { name: "System" }).click();
    await page.close();
  });

  it("the mobile drawer opens at the first tap and moves the focus into it", async () => {
    const page = await user.context.newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    // The tap comes before the drawer's code has arrived.
    const drawerCode = await holdChunks(page, '"DialogContent"');
    await page.goto(`${appBaseURL()}/${user.slug}`);
    const trigger = page.getByRole("button", { name: "Open navigation" });
    await expect(trigger.getAttribute("aria-haspopup")).resolves.toBe("dialog");
    await trigger.click();
    drawerCode.release();
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    await drawer.getByRole("link", { name: "Settings" }).waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]'));
    await expect(focused(page)).resolves.toMatchObject({ inDialog: true });

    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    await expect(trigger.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await page.close();
  });

  it("a toast asked for while the page loads shows once sonner has arrived", async () => {
    const page = await user.context.newPage();
    // The home's first message is refused while sonner's chunk is held back, so the toast is asked for before sonner is there.
    await page.route("**/api/conversations?*", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "unavailable", message: "The agent cannot take messages right now." } }),
          })
        : route.continue(),
    );
    const sonner = await holdChunks(page, "data-sonner-toaster");
    const refused = page.waitForResponse((response) => response.url().includes("/api/conversations?") && response.status() === 503);

    // Not waiting for the load event: the held chunk may be part of what it waits for.
    await page.goto(`${appBaseURL()}/${user.slug}`, { waitUntil: "commit" });
    const box = page.getByRole("textbox", { name: "Message" });
    // Typed once the page is interactive: the send button takes the text only after hydration.
    const sendButton = page.getByRole("button", { name: "Send message" });
    await expect
      .poll(async () => {
        await box.fill("hello from the home page");
        return sendButton.isEnabled();
      })
      .toBe(true);
    await box.press("Enter");
    await refused;
    await expect.poll(sonner.requested).toBe(true);
    sonner.release();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "The agent cannot take messages right now." });
    await toast.waitFor();
    await page.close();
  });

  it("the conversation's details (model, tokens) open from the keyboard", async () => {
    await startConversation(user, "hello");
    await seeInLog(user.page, "Hello");
    await user.page.reload();
    const details = user.page.getByRole("button", { name: "Conversation details" });
    await details.focus();
    await user.page.keyboard.press("Enter");
    const panel = user.page.getByRole("dialog", { name: "Conversation details" });
    await panel
      .getByText(/tokens/)
      .first()
      .waitFor();
    await panel.getByText("The offline demo model").waitFor();
    await user.page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
  });
});
