// Per-key rate limits shared by every instance: a second production server with a low
// API_RATE_LIMIT_PER_MINUTE on the same database counts the requests the first one served, and
// answers 429 with Retry-After and RateLimit-* headers past the allowance; another key is unaffected.
// A second server (rather than a per-key setting) because the limit is an operator's setting,
// and because two instances sharing one count is exactly what the test must show.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "@/tests/support/app-server";
import { appBaseURL, appDatabaseUrl } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { createKey, v1Client } from "../support/v1-client";

const LIMIT = 5;
let strict: AppServer;
let owner: TestAccount;

beforeAll(async () => {
  strict = await startAppServer({
    databaseUrl: appDatabaseUrl(),
    env: { API_RATE_LIMIT_PER_MINUTE: String(LIMIT), MESSAGE_RATE_LIMIT_PER_MINUTE: "1" },
  });
  owner = await createAccount(appBaseURL(), "limits");
});

afterAll(async () => {
  await strict?.stop();
});

describe("per-key rate limits", () => {
  it("counts a key's requests over all instances and answers 429 with Retry-After past the limit", async () => {
    const key = await createKey(owner, ["inbox:read"]);
    const lenient = v1Client(appBaseURL(), key.secret);
    const limited = v1Client(strict.baseURL, key.secret);
    // Three on the default server, two on the strict one: the strict server's five are used up.
    for (let i = 0; i < 3; i++) expect((await lenient.json("/api/v1/inbox")).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await limited.json("/api/v1/inbox")).status).toBe(200);
    const refused = await limited.json("/api/v1/inbox");
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect(refused.body.error.message).toContain(`more than ${LIMIT} requests in a minute`);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get("ratelimit-limit")).toBe(String(LIMIT));
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");

    const other = v1Client(strict.baseURL, (await createKey(owner, ["inbox:read"], "Other")).secret);
    expect((await other.json("/api/v1/inbox")).status).toBe(200);
  });

  it("a conversation started with a message over the message limit is 429 and leaves no conversation behind", async () => {
    const key = await createKey(owner, ["conversations:read", "conversations:write"], "Messages");
    const limited = v1Client(strict.baseURL, key.secret);
    const first = await limited.json("/api/v1/conversations", { json: { title: "One", message: "hello" } });
    expect(first.status).toBe(201);
    const second = await limited.json("/api/v1/conversations", { json: { title: "Two", message: "hello again" } });
    expect(second.status).toBe(429);
    const listed = await limited.json<{ conversations: { title: string }[] }>("/api/v1/conversations");
    expect(listed.body.conversations.map((conversation) => conversation.title)).toEqual(["One"]);
  });

  it("a bad key is 401 before any per-key count", async () => {
    const stranger = v1Client(strict.baseURL, "hk_0123456789abcdef_not-a-real-key-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    const answer = await stranger.json("/api/v1/inbox");
    expect(answer.status).toBe(401);
  });
});
