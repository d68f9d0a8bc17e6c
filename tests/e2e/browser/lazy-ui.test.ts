import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
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
async function delayChunks(page: Page, marker: string, ms: number): Promise<() => boolean> {
  let seen = false;
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const response = await route.fetch();
    const script = await response.text();
    if (script.includes(marker)) {
      seen = true;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    await route.fulfill({ response, body: script });
  });
  return () => seen;
}

describe.skipIf(skipBrowser)("closed-at-first-paint UI loads on intent", () => {
  it("the account menu opens with the keyboard at the first Enter, takes the focus and gives it back", async () => {
    const page = await user.context.newPage();
    const menuRequested = await delayChunks(page, "DropdownMenuContent", 500);
    await page.goto(`${appBaseURL()}/${user.slug}`);
    const trigger = page.getByRole("button", { name: /Account menu for/ });
    await expect(trigger.getAttribute("aria-haspopup")).resolves.toBe("menu");
    await expect(trigger.getAttribute("aria-expanded")).resolves.toBe("false");

    // Focus loads the menu; Enter comes before it has arrived (held back above), and must still open
    // it as radix does for the keyboard: focus on the first item.
    await trigger.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    expect(menuRequested()).toBe(true);
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
    await delayChunks(page, "DropdownMenuContent", 500);
    await page.goto(`${appBaseURL()}/${user.slug}`);
    await page.getByRole("button", { name: /Switch organization/ }).click();
    await page.getByRole("menu").getByRole("menuitem", { name: /Engines/ }).waitFor();
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
    await delayChunks(page, '"DialogContent"', 500);
    await page.goto(`${appBaseURL()}/${user.slug}`);
    const trigger = page.getByRole("button", { name: "Open navigation" });
    await expect(trigger.getAttribute("aria-haspopup")).resolves.toBe("dialog");
    await trigger.click();
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
    // Playwright's request API is not a page: it sends no Origin, which the CSRF check refuses.
    const created = await page.request.post(`${appBaseURL()}/api/conversations?org=${encodeURIComponent(user.slug)}`, { data: {}, headers: { origin: new URL(appBaseURL()).origin } });
    expect(created.status()).toBe(201);
    const body = (await created.json()) as { conversation?: { id: string }; id?: string };
    const conversationId = body.conversation?.id ?? body.id;

    // The page sends a handed-over first message as soon as it is ready; the server refuses it, and
    // sonner's chunk arrives late, so the toast is asked for before sonner is there.
    await page.goto(`${appBaseURL()}/${user.slug}`);
    await page.evaluate((id) => sessionStorage.setItem(`handoff:autosend:${id}`, "hello from the home page"), conversationId);
    await page.route("**/api/conversations/*/messages", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "The agent cannot take messages right now." } }) }),
    );
    const sonnerRequested = await delayChunks(page, "data-sonner-toaster", 1500);

    await page.goto(`${appBaseURL()}/${user.slug}/c/${conversationId}`);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "The agent cannot take messages right now." });
    await toast.waitFor({ timeout: 15_000 });
    expect(sonnerRequested()).toBe(true);
    await page.close();
  });

  it("the token usage tooltip shows on keyboard focus", async () => {
    await startConversation(user, "hello");
    await seeInLog(user.page, "Hello");
    await user.page.reload();
    const usage = user.page.getByRole("button", { name: /^Token usage:/ });
    await usage.waitFor();
    await usage.focus();
    await user.page.getByRole("tooltip").waitFor();
    await expect(usage.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  });
});
