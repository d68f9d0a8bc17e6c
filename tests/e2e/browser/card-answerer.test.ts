// An answered card says who answered it, also after a reload (the snapshot carries the answerer).
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, screenshot, skipBrowser } from "../support/browser";
import { card, joinTeam, seeInLog, signUp, startConversation } from "../support/chat";

let browser: Browser;

beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe.skipIf(skipBrowser)("who answered a card", () => {
  it("a member chooses on a choice card; after a reload it reads “Chosen by” their name", async () => {
    const owner = await signUp(browser, "Olga Owner");
    const member = await signUp(browser, "Mia Member");
    await joinTeam(owner, member);
    const { page } = member;
    await startConversation({ ...member, slug: owner.slug }, "help me choose between tea, coffee and water");
    const choice = card(page, "ask_preference", "pending");
    await choice.waitFor({ timeout: 20_000 });
    await choice.getByRole("radio", { name: "coffee" }).check();
    await choice.getByRole("button", { name: "Choose" }).click();
    await seeInLog(page, "You chose coffee.");
    // Live, from the slot_resolved event.
    await card(page, "ask_preference", "resolved").getByText("Chosen by Mia Member").waitFor();

    await page.reload();
    await card(page, "ask_preference", "resolved").getByText("Chosen by Mia Member").waitFor({ timeout: 20_000 });
    await screenshot(page, "card-chosen-by");
    await owner.context.close();
    await member.context.close();
  });
});
