import { expect } from "vitest";
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { appBaseURL } from "./env";

export const PASSWORD = "a-good-long-password";

/** A signed-up person in their own browser context; the context's own address keeps sign-up throttling per test. */
export interface ChatUser {
  context: BrowserContext;
  page: Page;
  slug: string;
  email: string;
}

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

export async function signUp(browser: Browser, name = "Ada Lovelace", baseURL = appBaseURL()): Promise<ChatUser> {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomIp() }, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = `chat-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto(`${baseURL}/sign-up`);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Team name (optional)").fill(`Engines ${randomUUID().slice(0, 4)}`);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/engines-[^/]+$/);
  const slug = new URL(page.url()).pathname.slice(1);
  return { context, page, slug, email };
}

/** The owner invites `invitee` from its own page (same origin, its session); the invitee accepts the link. */
export async function joinTeam(owner: ChatUser, invitee: ChatUser, role: "admin" | "member" = "member") {
  const link = await owner.page.evaluate(
    async ([slug, email, role]) => {
      const response = await fetch(`/api/orgs/${slug}/invites`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, role }),
      });
      return ((await response.json()) as { link: string }).link;
    },
    [owner.slug, invitee.email, role],
  );
  await invitee.page.goto(link);
  await invitee.page.getByRole("button", { name: /^Join / }).click();
  await invitee.page.waitForURL(new RegExp(`/${owner.slug}`));
}

/** The composer's text box. */
export const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });

/** Starts a conversation from the org home with a first message; resolves on the conversation's page. */
export async function startConversation(user: ChatUser, text: string): Promise<string> {
  const { page } = user;
  await page.goto(`${appBaseURL()}/${user.slug}`);
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await page.waitForURL(/\/c\/[^/]+$/);
  return new URL(page.url()).pathname.split("/").pop()!;
}

/** Sends a message in the open conversation (after the previous run finished). */
export async function send(page: Page, text: string) {
  await composer(page).fill(text);
  // The composer takes a message once its previous one has been handed over (the button says so).
  const submit = page.getByRole("button", { name: /^(Send|Queue) message$/ });
  await expect.poll(() => submit.isEnabled(), { timeout: 20_000 }).toBe(true);
  await composer(page).press("Enter");
}

/** A card by renderer name, optionally only while it waits. */
export const card = (page: Page, renderer: string, status?: "pending" | "resolved") =>
  page.locator(`[data-renderer="${renderer}"]${status ? `[data-slot-status="${status}"]` : ""}`);

/** The conversation log (rows and cards). */
export const log = (page: Page) => page.getByRole("log", { name: "Conversation" });

/** Waits for a text in the conversation. */
export async function seeInLog(page: Page, text: string, timeout = 20_000) {
  await log(page).getByText(text, { exact: false }).last().waitFor({ timeout });
}

/** The drawn item (row or card) right before `item` in the timeline. */
export async function previousItem(item: Locator) {
  return item.evaluate((element) => {
    const wrapper = element.closest("[data-item]");
    const previous = wrapper?.previousElementSibling;
    return {
      kind: previous?.getAttribute("data-item") ?? null,
      toolCall: previous?.querySelector("[data-tool-call]")?.getAttribute("data-tool-call") ?? null,
      text: previous?.textContent ?? "",
    };
  });
}
