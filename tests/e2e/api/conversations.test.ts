import { beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createAccount, HttpClient, type TestAccount } from "../support/http-client";
import { appBaseURL, appDatabaseUrl } from "../support/env";
import { inviteAndJoin } from "../support/teams";
import { createConversation, postMessage, readToEnd, say } from "../support/run-events";

type Summary = { id: string; title: string; busy: boolean; pendingSlots: number; lastActivityAt: string };
type ErrorBody = { error: { code: string; message: string; details?: { issues?: { path: string }[] } } };

let owner: TestAccount;

beforeAll(async () => {
  owner = await createAccount(appBaseURL(), "chat");
});

async function countRows(table: string, conversationId: string): Promise<number> {
  const client = new pg.Client({ connectionString: appDatabaseUrl() });
  await client.connect();
  try {
    const column = table === "Conversation" ? "id" : "conversationId";
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM "${table}" WHERE "${column}" = $1`, [conversationId]);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

describe("conversations: create, list, search, rename, delete", () => {
  it("creates in the user's first organization by default, or in ?org=", async () => {
    const created = await owner.client.json<{ organization: { slug: string }; conversation: Summary }>("/api/conversations", {
      json: { title: "Launch plan" },
    });
    expect(created.status).toBe(201);
    expect(created.body.organization.slug).toBe(owner.orgSlug);
    expect(created.body.conversation).toMatchObject({ title: "Launch plan", busy: false, pendingSlots: 0 });

    const other = await owner.client.json<{ organization: { slug: string } }>("/api/orgs", { json: { name: "Second Team" } });
    const inSecond = await owner.client.json<{ organization: { slug: string } }>(`/api/conversations?org=${other.body.organization.slug}`, {
      json: {},
    });
    expect(inSecond.status).toBe(201);
    expect(inSecond.body.organization.slug).toBe(other.body.organization.slug);
    const listed = await owner.client.json<{ conversations: Summary[] }>(`/api/conversations?org=${other.body.organization.slug}`);
    expect(listed.body.conversations.map((c) => c.title)).toEqual(["New conversation"]);
  });

  it("lists the newest first, pages with a cursor and searches titles literally", async () => {
    const user = await createAccount(appBaseURL(), "lister");
    for (const title of ["alpha 100%", "beta", "gamma", "alpha_two"]) await createConversation(user.client, title);
    const first = await user.client.json<{ conversations: Summary[]; nextCursor: string }>("/api/conversations?limit=3");
    expect(first.body.conversations.map((c) => c.title)).toEqual(["alpha_two", "gamma", "beta"]);
    const second = await user.client.json<{ conversations: Summary[]; nextCursor: string | null }>(
      `/api/conversations?limit=3&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.conversations.map((c) => c.title)).toEqual(["alpha 100%"]);
    expect(second.body.nextCursor).toBeNull();
    const search = await user.client.json<{ conversations: Summary[] }>(`/api/conversations?q=${encodeURIComponent("100%")}`);
    expect(search.body.conversations.map((c) => c.title)).toEqual(["alpha 100%"]);
    expect((await user.client.json("/api/conversations?cursor=not-a-cursor")).status).toBe(422);
    expect((await user.client.json("/api/conversations?limit=1000")).status).toBe(422);
    expect((await user.client.json("/api/conversations?org=no-such-team")).status).toBe(404);
  });

  it("a message moves its conversation to the top and marks it busy while a card waits", async () => {
    const user = await createAccount(appBaseURL(), "busy");
    const older = await createConversation(user.client, "older");
    await createConversation(user.client, "newer");
    await say(user.client, older, "help me choose between tea, coffee and water");
    const { body } = await user.client.json<{ conversations: Summary[] }>("/api/conversations");
    expect(body.conversations[0]).toMatchObject({ title: "older", busy: true, pendingSlots: 1 });
    expect(body.conversations[1]).toMatchObject({ title: "newer", busy: false, pendingSlots: 0 });
  });

  it("renames (422 for a bad title) and shows the snapshot", async () => {
    const id = await createConversation(owner.client);
    const renamed = await owner.client.json<{ conversation: Summary }>(`/api/conversations/${id}`, {
      method: "PATCH",
      json: { title: "  Renamed  " },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.conversation.title).toBe("Renamed");
    expect((await owner.client.json(`/api/conversations/${id}`, { method: "PATCH", json: { title: "" } })).status).toBe(422);
    expect((await owner.client.json(`/api/conversations/${id}`, { method: "PATCH", json: { title: "x".repeat(201) } })).status).toBe(422);
    const snapshot = await owner.client.json<{
      conversation: { title: string };
      messages: unknown[];
      run: null;
      lastEventSeq: number;
      usingDemoModel: boolean;
    }>(`/api/conversations/${id}`);
    expect(snapshot.body).toMatchObject({
      conversation: { title: "Renamed" },
      messages: [],
      run: null,
      lastEventSeq: 0,
      usingDemoModel: true,
    });
  });

  it("pages back through older messages with earlierCursor", async () => {
    const user = await createAccount(appBaseURL(), "pager");
    const mate = await createAccount(appBaseURL(), "pagermate");
    await inviteAndJoin(user, mate, "member");
    const id = await createConversation(user.client);
    // Two people take turns: 51 messages are more than one person may send a minute.
    for (let i = 0; i < 51; i++) await say((i % 2 ? mate : user).client, id, `message ${i}`);
    type Snapshot = { messages: { text: string }[]; earlierCursor: string | null };
    const newest = await user.client.json<Snapshot>(`/api/conversations/${id}`);
    expect(newest.body.messages).toHaveLength(100);
    expect(newest.body.messages.at(-2)?.text).toBe("message 50");
    const older = await user.client.json<Snapshot>(`/api/conversations/${id}?before=${newest.body.earlierCursor}`);
    expect(older.body.messages.map((m) => m.text)).toEqual(["message 0", expect.any(String)]);
    expect(older.body.earlierCursor).toBeNull();
    expect((await user.client.json(`/api/conversations/${id}?before=abc`)).status).toBe(422);
  });

  it("deletes the conversation: gone from every route at once, its rows kept for the undo window (the purge: tests/integration/retention)", async () => {
    const user = await createAccount(appBaseURL(), "deleter");
    const id = await createConversation(user.client);
    await say(user.client, id, "send an email to ada@example.com about the launch");
    expect(await countRows("RunEvent", id)).toBeGreaterThan(0);
    expect(await countRows("Slot", id)).toBe(1);
    const deleted = await user.client.json<{ deleted: boolean }>(`/api/conversations/${id}`, { method: "DELETE" });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });
    expect(await countRows("Conversation", id)).toBe(1);
    expect((await user.client.json(`/api/conversations/${id}`)).status).toBe(404);
    expect((await user.client.json(`/api/conversations/${id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("another member of the organization sees and continues the same conversations", async () => {
    const user = await createAccount(appBaseURL(), "teamowner");
    const mate = await createAccount(appBaseURL(), "teammate");
    await inviteAndJoin(user, mate, "member");
    const id = await createConversation(user.client, "shared");
    const listed = await mate.client.json<{ conversations: Summary[] }>(`/api/conversations?org=${user.orgSlug}`);
    expect(listed.body.conversations.map((c) => c.id)).toEqual([id]);
    expect((await say(mate.client, id, "hello")).at(-1)?.type).toBe("run_completed");
  });
});

describe("conversation and message errors", () => {
  it("unknown ids are 404, signed-out requests 401", async () => {
    for (const [method, path] of [
      ["GET", "/api/conversations/nope"],
      ["PATCH", "/api/conversations/nope"],
      ["DELETE", "/api/conversations/nope"],
      ["POST", "/api/conversations/nope/messages"],
      ["GET", "/api/conversations/nope/events"],
      ["POST", "/api/conversations/nope/abort"],
      ["POST", "/api/conversations/nope/retry"],
    ] as const) {
      const { status } = await owner.client.json(path, {
        method,
        json: method === "GET" || method === "DELETE" ? undefined : { title: "x", text: "hi" },
      });
      expect(status, `${method} ${path}`).toBe(404);
    }
    const anonymous = new HttpClient(appBaseURL());
    expect((await anonymous.json("/api/conversations")).status).toBe(401);
    expect((await anonymous.json("/api/conversations", { json: {} })).status).toBe(401);
  });

  it("bad JSON is 400, a wrong content type 415", async () => {
    const id = await createConversation(owner.client);
    const badJson = await owner.client.json<ErrorBody>(`/api/conversations/${id}/messages`, {
      method: "POST",
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.error.code).toBe("invalid_json");
    expect(
      (await owner.client.json("/api/conversations", { method: "POST", body: "{", headers: { "content-type": "application/json" } }))
        .status,
    ).toBe(400);
    expect(
      (await owner.client.json(`/api/conversations/${id}`, { method: "PATCH", body: "title", headers: { "content-type": "text/plain" } }))
        .status,
    ).toBe(415);
  });

  it("a body over 10 MB is 413; a too long text or a bad attachment is 422", async () => {
    const id = await createConversation(owner.client);
    const huge = await owner.client.json<ErrorBody>(`/api/conversations/${id}/messages`, { json: { text: "x".repeat(11 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    const long = await owner.client.json<ErrorBody>(`/api/conversations/${id}/messages`, { json: { text: "x".repeat(20_001) } });
    expect(long.status).toBe(422);
    expect(long.body.error.details?.issues?.[0].path).toBe("text");
    expect((await owner.client.json(`/api/conversations/${id}/messages`, { json: { text: "   " } })).status).toBe(422);
    const image = { media_type: "image/png", data: "A".repeat(4 * 1024 * 1024 * 1.34) };
    const bigImage = await owner.client.json<ErrorBody>(`/api/conversations/${id}/messages`, {
      json: { text: "look", attachments: [image] },
    });
    expect(bigImage.status).toBe(422);
    expect(bigImage.body.error.details?.issues?.[0].path).toBe("attachments.0.data");
    const pdf = await owner.client.json(`/api/conversations/${id}/messages`, {
      json: { text: "look", attachments: [{ media_type: "application/pdf", data: "AAAA" }] },
    });
    expect(pdf.status).toBe(422);
    // Nothing of it reached the conversation.
    const snapshot = await owner.client.json<{ messages: unknown[] }>(`/api/conversations/${id}`);
    expect(snapshot.body.messages).toEqual([]);
  });

  it("an image attachment is stored with the message", async () => {
    const id = await createConversation(owner.client);
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
    const events = await readToEnd(
      await postMessage(owner.client, id, "what is in this picture?", { attachments: [{ media_type: "image/png", data: png }] }),
    );
    expect(events.find((e) => e.type === "user_message")?.data.message).toMatchObject({ text: "what is in this picture?", image_count: 1 });
    const snapshot = await owner.client.json<{ messages: { images?: { data: string }[] }[] }>(`/api/conversations/${id}`);
    expect(snapshot.body.messages[0].images?.[0].data).toBe(png);
  });

  it("messages are rate-limited per user (429 with Retry-After)", async () => {
    const user = await createAccount(appBaseURL(), "chatty");
    const id = await createConversation(user.client);
    // The e2e server allows 40 a minute (MESSAGE_RATE_LIMIT_PER_MINUTE).
    for (let i = 0; i < 40; i++) await say(user.client, id, `hi ${i}`);
    const limited = await user.client.json<ErrorBody>(`/api/conversations/${id}/messages`, { json: { text: "one more" } });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
