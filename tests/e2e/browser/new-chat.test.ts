// New chat creates the conversation with its first message, never an empty one, and a message sent
// right after New chat lands in the new conversation; a model that is not set up reads in people's
// words (admins get the detail); a member picks a model an admin allows, and the request goes to it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { appBaseURL } from "../support/env";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { composer, joinTeam, seeInLog, send, signUp, startConversation } from "../support/chat";
import { openaiText, startFakeOpenAI, type FakeOpenAIServer, type OpenAIRequestBody } from "../../support/fake-providers/openai";

const MODEL_NOT_SET_UP = "The agent's model is not set up. Ask an admin to check Settings → Agent.";

let browser: Browser;
let models: FakeOpenAIServer;
// A server whose key is refused: its own server, since a refused key pauses every call to that server (provider-cooldowns.ts).
let refusing: FakeOpenAIServer;

beforeAll(async () => {
  if (skipBrowser) return;
  // Every model answers with its own name.
  [browser, models, refusing] = await Promise.all([
    launchBrowser(),
    startFakeOpenAI((request) => openaiText(`Answered by ${(request.body as OpenAIRequestBody).model}.`)),
    startFakeOpenAI({ kind: "error", status: 401 }),
  ]);
});
afterAll(async () => Promise.all([browser?.close(), models?.close(), refusing?.close()]));

/** The conversations of the page's organization, as its API lists them. */
const listed = (page: Page, slug: string) =>
  page.evaluate(async (org) => {
    const response = await fetch(`/api/conversations?org=${org}`);
    return ((await response.json()) as { conversations: Array<{ id: string; title: string }> }).conversations;
  }, slug);

/** The organization's agent on the fake OpenAI-compatible server (as its admin, from the page). */
async function useModel(page: Page, slug: string, model: string, server: FakeOpenAIServer = models) {
  const status = await page.evaluate(
    async ([org, model, baseURL]) => {
      const response = await fetch(`/api/orgs/${org}/agent`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Agent",
          systemPrompt: "Be brief.",
          enabledTools: [],
          model: { provider: "openai-compatible", model, baseURL, maxAttempts: 1 },
        }),
      });
      return response.status;
    },
    [slug, model, `${server.url}/v1`] as const,
  );
  expect(status).toBe(200);
}

describe.skipIf(skipBrowser)("new chat", () => {
  it("New chat opens a blank chat and stores nothing until the first message", async () => {
    const user = await signUp(browser, "Blank Slate");
    const { page } = user;
    await startConversation(user, "help me choose between tea, coffee and water");
    await page.getByRole("link", { name: "New chat" }).click();
    await page.waitForURL(`${appBaseURL()}/${user.slug}`);
    await composer(page).waitFor();
    expect((await listed(page, user.slug)).map((c) => c.title)).toEqual(["help me choose between tea, coffee and water"]);
    await expect.poll(() => page.getByRole("navigation", { name: "Conversations" }).getByRole("listitem").count()).toBe(1);
    await user.context.close();
  });

  it("a message sent right after New chat lands in a new conversation, never in the one left", async () => {
    const user = await signUp(browser, "Quick Typist");
    const { page } = user;
    const first = await startConversation(user, "help me choose between tea, coffee and water");
    await page.getByRole("link", { name: "New chat" }).click();
    // At once, while the new chat may still be loading: the composer that takes it is the new chat's.
    await composer(page).fill("write a haiku about tea");
    await composer(page).press("Enter");
    await page.waitForURL((url) => /\/c\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(first));
    await seeInLog(page, "write a haiku about tea");
    const conversations = await listed(page, user.slug);
    expect(conversations.map((c) => c.title).sort()).toEqual(["help me choose between tea, coffee and water", "write a haiku about tea"]);
    const left = await page.evaluate(
      async (id) => (await (await fetch(`/api/conversations/${id}`)).json()) as { messages: Array<{ text: string }> },
      first,
    );
    expect(left.messages.map((message) => message.text)).not.toContain("write a haiku about tea");
    await user.context.close();
  });

  it("a model that is not set up: a member reads who can fix it, an admin reads the detail too", async () => {
    const owner = await signUp(browser, "Owner Broken");
    const member = await signUp(browser, "Member Broken");
    await joinTeam(owner, member);
    await useModel(owner.page, owner.slug, "any-model", refusing);

    await member.page.goto(`${appBaseURL()}/${owner.slug}`);
    await composer(member.page).fill("hello");
    await composer(member.page).press("Enter");
    await member.page.waitForURL(/\/c\/[^/]+$/);
    const memberBanner = member.page.getByRole("alert").filter({ hasText: "The agent stopped with an error" });
    await memberBanner.getByText(MODEL_NOT_SET_UP).waitFor();
    expect(await memberBanner.textContent()).not.toMatch(/API key|agent settings|Details/);
    await screenshot(member.page, "model-not-set-up-member");

    await owner.page.goto(member.page.url());
    const ownerBanner = owner.page.getByRole("alert").filter({ hasText: "The agent stopped with an error" });
    await ownerBanner.getByText("The agent's model is not set up correctly. Check Settings → Agent.").waitFor();
    await ownerBanner.getByText("Details").click();
    await ownerBanner.getByText(/API key was rejected/).waitFor();
    await owner.context.close();
    await member.context.close();
  });

  it("an admin allows a second model; a member picks it and the next request goes to it", async () => {
    const owner = await signUp(browser, "Owner Models");
    const member = await signUp(browser, "Member Models");
    await joinTeam(owner, member);
    await useModel(owner.page, owner.slug, "model-a");
    // The admin allows the second model in the settings form.
    await owner.page.goto(`${appBaseURL()}/${owner.slug}/settings/agent`);
    await owner.page.getByRole("textbox", { name: "Models people may choose" }).fill("model-b");
    await owner.page.getByRole("button", { name: "Save settings" }).click();
    await owner.page.getByText("Agent settings saved.").waitFor();

    const { page } = member;
    await page.goto(`${appBaseURL()}/${owner.slug}`);
    await composer(page).fill("hello");
    await composer(page).press("Enter");
    await page.waitForURL(/\/c\/[^/]+$/);
    await seeInLog(page, "Answered by model-a.");
    const put = page.waitForResponse((response) => response.url().endsWith("/model") && response.request().method() === "PUT");
    await page.getByRole("combobox", { name: "Model for this conversation" }).selectOption("model-b");
    expect((await put).status()).toBe(200);
    await send(page, "and now?");
    await seeInLog(page, "Answered by model-b.");
    expect((models.lastRequest?.body as OpenAIRequestBody).model).toBe("model-b");
    // The header's details say which model answers.
    await page.getByRole("button", { name: "Conversation details" }).click();
    await page.getByRole("dialog", { name: "Conversation details" }).getByText("model-b").waitFor();
    await owner.context.close();
    await member.context.close();
  });
});
