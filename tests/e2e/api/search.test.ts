// GET /api/orgs/{slug}/search over HTTP: a member finds their organization's words, never another's;
// a foreign organization is 404 and a bad query 422 saying what to fix.
import { beforeAll, describe, expect, it } from "vitest";
import type { SearchPage } from "@/lib/schemas/search";
import { appBaseURL } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { createConversation, say } from "../support/run-events";

let victim: TestAccount;
let intruder: TestAccount;
let victimConversation: string;
let intruderConversation: string;
const search = (account: TestAccount, q: string, org = account.orgSlug) =>
  account.client.json<SearchPage & { error?: { code: string; message: string } }>(`/api/orgs/${org}/search?q=${encodeURIComponent(q)}`);

beforeAll(async () => {
  victim = await createAccount(appBaseURL(), "victim");
  intruder = await createAccount(appBaseURL(), "intruder");
  victimConversation = await createConversation(victim.client, "Secret plans");
  intruderConversation = await createConversation(intruder.client, "Own plans");
  await say(victim.client, victimConversation, "the pangolin merger closes friday");
  await say(intruder.client, intruderConversation, "our pangolin merger closes monday");
});

describe("search over HTTP", () => {
  it("finds the member's own organization's words, never the other's with the same word", async () => {
    const ours = await search(victim, "pangolin");
    expect(ours.status).toBe(200);
    // The demo model may repeat the words in its reply: both are in the same conversation.
    expect(new Set(ours.body.results.map((hit) => hit.conversationId))).toEqual(new Set([victimConversation]));
    const asked = ours.body.results.find((hit) => hit.sender === "user");
    expect(asked).toMatchObject({ conversationTitle: "Secret plans" });
    expect(asked?.snippet).toContainEqual({ text: "pangolin", hit: true });

    const theirs = await search(intruder, "pangolin");
    expect(new Set(theirs.body.results.map((hit) => hit.conversationId))).toEqual(new Set([intruderConversation]));
    expect(JSON.stringify(theirs.body)).not.toContain("friday");
  });

  it("answers 404 for another organization's slug", async () => {
    const { status, body } = await search(intruder, "pangolin", victim.orgSlug);
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain("friday");
  });

  it.each([
    ["an empty query", "", "Type something to search for."],
    ["only spaces", "   ", "Type something to search for."],
    ["201 characters", "a".repeat(201), "at most 200 characters"],
    ["a control character", "bad\u0000word", "control characters"],
  ])("answers 422 for %s, saying what to fix", async (_label, q, message) => {
    const { status, body } = await search(victim, q);
    expect(status).toBe(422);
    expect(body.error?.code).toBe("validation_failed");
    expect(body.error?.message).toContain(message);
  });

  it("answers 422 for an offset past the cap", async () => {
    const { status, body } = await victim.client.json<{ error: { message: string } }>(
      `/api/orgs/${victim.orgSlug}/search?q=pangolin&offset=500`,
    );
    expect(status).toBe(422);
    expect(body.error.message).toContain("search for more precise words");
  });
});
