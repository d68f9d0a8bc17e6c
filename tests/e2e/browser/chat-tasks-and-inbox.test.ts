import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { seeInLog, send, signUp, startConversation, type ChatUser } from "../support/chat";

let browser: Browser;
let user: ChatUser;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
  user = await signUp(browser, "Task Tester");
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("the agent's task list and its requests to others", () => {
  it("a task list made by the agent shows next to the chat and survives a reload", async () => {
    const { page } = user;
    await startConversation(user, "make a task list for the launch");
    await seeInLog(page, "The task list has 3 tasks");
    const tasks = page.getByRole("region", { name: /Tasks/ });
    await tasks.waitFor();
    expect(await tasks.getByRole("listitem").allTextContents()).toEqual([
      "Outlining the launch (in progress)",
      "Draft the launch (to do)",
      "Review the launch (to do)",
    ]);
    await page.reload();
    await tasks.getByText("0 of 3 done").waitFor();
    await screenshot(page, "chat-task-list");
  });

  it("a blocking request to another team shows as waiting", async () => {
    const { page } = user;
    await send(page, "ask finance to approve the Q3 budget");
    await seeInLog(page, 'I posted "Approve the Q3 budget" to the finance inbox');
    const inbox = page.getByRole("region", { name: /Requests to others/ });
    await inbox.getByText("Approve the Q3 budget").waitFor();
    await inbox.getByText("Agent waits").waitFor();
  });
});
