// The public API's conversations end to end: a key starts a conversation with a message and awaits
// the answer as SSE, polls another, replays events with Last-Event-ID, resolves the inbox item the
// agent posted (Idempotency-Key replay, reuse, concurrency), and is refused per scope, when revoked,
// for another organization's objects and for oversized bodies.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { readToEnd } from "../support/run-events";
import { sql } from "../support/sql";
import { ALL_SCOPES, createKey, v1Client, type V1Client } from "../support/v1-client";
import { insertSubmission } from "@/tests/support/form-submission-rows";
import { expenseClaimForm } from "@/prisma/demo-forms";

type Accepted = { run_id: string | null; status: string; events_url: string; conversation_url: string };
type Created = { conversation: { id: string; title: string; created_at: string }; run?: Accepted };
type Detail = {
  conversation: {
    id: string;
    status: "idle" | "running" | "waiting";
    messages: { sender: string; text: string }[];
    pending_cards: unknown[];
    inbox_items: { id: string; status: string; blocking: boolean; response: unknown }[];
    run: { id: string; status: string } | null;
    last_event_id: number;
  };
};

let owner: TestAccount;
let outsider: TestAccount;
let api: V1Client;
let keyId: string;

const agentSaid = (detail: Detail) =>
  detail.conversation.messages.filter((message) => message.sender === "agent").map((message) => message.text);

async function detailOf(id: string) {
  const { status, body } = await api.json<Detail>(`/api/v1/conversations/${id}`);
  expect(status).toBe(200);
  return body;
}

/** Polls the conversation until its run is over (nothing running) and returns it. */
async function settled(id: string) {
  await expect.poll(async () => (await detailOf(id)).conversation.status, { timeout: 20_000 }).not.toBe("running");
  return detailOf(id);
}

beforeAll(async () => {
  owner = await createAccount(appBaseURL(), "v1owner");
  outsider = await createAccount(appBaseURL(), "v1outsider");
  const key = await createKey(owner);
  api = v1Client(appBaseURL(), key.secret);
  keyId = key.id;
});

describe("conversations over /api/v1", () => {
  it("a key starts a conversation with a message and awaits the answer as SSE", async () => {
    const created = await api.json<Created>("/api/v1/conversations", { json: { title: "From a machine", message: "hello" } });
    expect(created.status).toBe(201);
    expect(created.body.conversation.title).toBe("From a machine");
    expect(created.body.run).toMatchObject({
      status: "running",
      conversation_url: `/api/v1/conversations/${created.body.conversation.id}`,
    });
    const stream = await api.events(created.body.run!.events_url);
    expect(stream.response.headers.get("content-type")).toContain("text/event-stream");
    await stream.waitForType("run_completed");
    await stream.close();
    expect(stream.types()).toEqual(expect.arrayContaining(["user_message", "run_started", "text_delta", "run_completed"]));
    expect(stream.events.find((event) => event.type === "user_message")!.data.message.text).toBe("hello");

    // A key is no person: neither the conversation nor its run names a user.
    const [row] = await sql<{ createdById: string | null }>(`SELECT "createdById" FROM "Conversation" WHERE "id" = $1`, [
      created.body.conversation.id,
    ]);
    expect(row.createdById).toBeNull();
    const runs = await sql<{ startedById: string | null }>(
      `SELECT r."startedById" FROM "Run" r JOIN "AgentStore" s ON s."id" = r."storeId" WHERE s."conversationId" = $1`,
      [created.body.conversation.id],
    );
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((run) => run.startedById === null)).toBe(true);
  });

  it("a message with Accept: text/event-stream streams its run and the stream ends with it", async () => {
    const created = await api.json<Created>("/api/v1/conversations", { json: {} });
    const response = await api.request(`/api/v1/conversations/${created.body.conversation.id}/messages`, {
      json: { text: "hello again" },
      headers: { accept: "text/event-stream" },
    });
    expect(response.status).toBe(200);
    const events = await readToEnd(response);
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(["run_started", "run_completed"]));
  });

  it("without a stream: 202 with where to follow, and polling shows the answer", async () => {
    const created = await api.json<Created>("/api/v1/conversations", { json: { title: "Polled" } });
    expect(created.body.run).toBeUndefined();
    const id = created.body.conversation.id;
    const accepted = await api.json<Accepted>(`/api/v1/conversations/${id}/messages`, { json: { text: "hello" } });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ status: "running", conversation_url: `/api/v1/conversations/${id}` });
    expect(accepted.body.run_id).toEqual(expect.any(String));
    const detail = await settled(id);
    expect(detail.conversation.status).toBe("idle");
    expect(detail.conversation.run).toMatchObject({ id: accepted.body.run_id, status: "completed" });
    expect(detail.conversation.messages[0]).toMatchObject({ sender: "user", text: "hello" });
    expect(agentSaid(detail).length).toBeGreaterThan(0);

    const list = await api.json<{ conversations: { id: string }[]; next_cursor: string | null }>("/api/v1/conversations?limit=100");
    expect(list.status).toBe(200);
    expect(list.body.conversations.map((conversation) => conversation.id)).toContain(id);
  });

  it("events replay after Last-Event-ID (and ?after=), then tail live", async () => {
    const created = await api.json<Created>("/api/v1/conversations", { json: { message: "hello" } });
    const id = created.body.conversation.id;
    const detail = await settled(id);
    const all = await api.events(`/api/v1/conversations/${id}/events?after=0`);
    await all.waitForType("run_completed");
    await all.close();
    const pivot = all.events[1].seq;
    const resumed = await api.events(`/api/v1/conversations/${id}/events`, { "last-event-id": String(pivot) });
    await resumed.waitFor((event) => event.seq === detail.conversation.last_event_id);
    expect(resumed.events[0].seq).toBe(pivot + 1);
    // Live: a new message's events arrive on the open stream.
    await api.json(`/api/v1/conversations/${id}/messages`, { json: { text: "hello once more" } });
    await resumed.waitFor((event) => event.type === "run_completed" && event.seq > detail.conversation.last_event_id);
    await resumed.close();
    const bad = await api.json(`/api/v1/conversations/${id}/events?after=soon`);
    expect(bad.status).toBe(422);
  });

  it("the agent's inbox item is answered through the API: replay, reuse and the conversation continuing", async () => {
    const created = await api.json<Created>("/api/v1/conversations", { json: { message: "ask finance to approve the Q3 budget" } });
    const id = created.body.conversation.id;
    await expect.poll(async () => (await detailOf(id)).conversation.status, { timeout: 20_000 }).toBe("waiting");
    const item = (await detailOf(id)).conversation.inbox_items[0];
    expect(item).toMatchObject({ status: "pending", blocking: true });

    const key = randomUUID();
    const resolve = (response: unknown) =>
      api.json<{ item: { status: string }; changed: boolean }>(`/api/v1/inbox/${item.id}/resolve`, {
        json: { response },
        headers: { "idempotency-key": key },
      });
    const first = await resolve({ approved: true });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ item: { status: "resolved" }, changed: true });
    const replay = await resolve({ approved: true });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const reused = await resolve({ approved: false });
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe("idempotency_key_reused");

    await expect
      .poll(async () => agentSaid(await detailOf(id)).some((text) => text.startsWith("An inbox update arrived")), { timeout: 20_000 })
      .toBe(true);
    const [row] = await sql<{ resolvedByKind: string; resolvedById: string }>(
      `SELECT "resolvedByKind", "resolvedById" FROM "InboxItem" WHERE "publicId" = $1`,
      [item.id],
    );
    expect(row).toEqual({ resolvedByKind: "api_key", resolvedById: keyId });
  });

  it("concurrent requests with one Idempotency-Key create one conversation", async () => {
    const key = randomUUID();
    const title = `Once ${key.slice(0, 8)}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.json<Created>("/api/v1/conversations", { json: { title }, headers: { "idempotency-key": key } })),
    );
    for (const answer of answers) {
      if (answer.status === 409) expect(answer.body.error.code).toBe("idempotency_in_progress");
      else expect(answer.status).toBe(201);
    }
    const ids = new Set(answers.filter((answer) => answer.status === 201).map((answer) => answer.body.conversation.id));
    expect(ids.size).toBe(1);
    const rows = await sql(`SELECT 1 FROM "Conversation" WHERE "title" = $1`, [title]);
    expect(rows).toHaveLength(1);
  });
});

describe("form submissions over /api/v1", () => {
  it("a key with forms:read lists a form's submissions with the admin list's filters; another organization's form is 404", async () => {
    const imported = await owner.client.json<{ form: { id: string } }>(`/api/orgs/${owner.orgSlug}/forms/import`, {
      json: { format: "handoff.form", formatVersion: 1, definition: expenseClaimForm },
    });
    expect(imported.status).toBe(201);
    const formId = imported.body.form.id;
    const [{ id: organizationId }] = await sql<{ id: string }>(`SELECT "id" FROM "Organization" WHERE "slug" = $1`, [owner.orgSlug]);
    for (const purpose of ["Train to Lyon", "Hotel"])
      await insertSubmission(sql, { organizationId, formId, formKey: "expense-claim", values: { purpose } });
    const all = await api.json<{ submissions: { id: string }[]; nextCursor: string | null }>(`/api/v1/forms/${formId}/submissions?limit=1`);
    expect(all.status).toBe(200);
    expect(all.body.submissions).toHaveLength(1);
    expect(all.body.nextCursor).toEqual(expect.any(String));
    const filtered = await api.json<{ submissions: unknown[] }>(`/api/v1/forms/${formId}/submissions?field=purpose&value=Lyon`);
    expect(filtered.body.submissions).toHaveLength(1);
    const badField = await api.json(`/api/v1/forms/${formId}/submissions?field=nope&value=x`);
    expect(badField.status).toBe(422);

    const theirs = await outsider.client.json<{ form: { id: string } }>(`/api/orgs/${outsider.orgSlug}/forms/import`, {
      json: { format: "handoff.form", formatVersion: 1, definition: expenseClaimForm },
    });
    expect((await api.json(`/api/v1/forms/${theirs.body.form.id}/submissions`)).status).toBe(404);
  });
});

describe("refusals", () => {
  const routes = (conversationId: string, formId: string, itemId: string) => [
    { method: "GET", path: "/api/v1/conversations", scope: "conversations:read" },
    { method: "POST", path: "/api/v1/conversations", scope: "conversations:write", json: {} },
    { method: "GET", path: `/api/v1/conversations/${conversationId}`, scope: "conversations:read" },
    { method: "POST", path: `/api/v1/conversations/${conversationId}/messages`, scope: "conversations:write", json: { text: "hi" } },
    { method: "GET", path: `/api/v1/conversations/${conversationId}/events`, scope: "conversations:read" },
    { method: "GET", path: `/api/v1/forms/${formId}/submissions`, scope: "forms:read" },
    { method: "GET", path: "/api/v1/inbox", scope: "inbox:read" },
    { method: "GET", path: `/api/v1/inbox/${itemId}`, scope: "inbox:read" },
    { method: "POST", path: `/api/v1/inbox/${itemId}/resolve`, scope: "inbox:write", json: { response: true } },
  ];

  it("a key without the route's scope gets 403 naming it, on every route", async () => {
    const created = await api.json<Created>("/api/v1/conversations", { json: {} });
    const narrow = v1Client(appBaseURL(), (await createKey(owner, ["webhooks:write"], "Narrow")).secret);
    for (const route of routes(created.body.conversation.id, "form-id", "inb_00000000000000000000000000000000")) {
      const answer = await narrow.json(route.path, { method: route.method, json: route.json });
      expect(answer.status, `${route.method} ${route.path}`).toBe(403);
      expect(answer.body.error).toMatchObject({ code: "insufficient_scope", details: { requiredScope: route.scope } });
    }
  });

  it("a revoked key gets 401 everywhere", async () => {
    const created = await api.json<Created>("/api/v1/conversations", { json: {} });
    const doomed = await createKey(owner, ALL_SCOPES, "Doomed");
    const revoked = await owner.client.json(`/api/orgs/${owner.orgSlug}/api-keys/${doomed.id}`, { method: "DELETE" });
    expect(revoked.status).toBe(200);
    const client = v1Client(appBaseURL(), doomed.secret);
    for (const route of routes(created.body.conversation.id, "form-id", "inb_00000000000000000000000000000000")) {
      const answer = await client.json(route.path, { method: route.method, json: route.json });
      expect(answer.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it("another organization's conversation is 404 for every conversation route, and nothing is sent to it", async () => {
    const theirs = await outsider.client.json<{ conversation: { id: string } }>("/api/conversations", { json: {} });
    const id = theirs.body.conversation.id;
    for (const answer of [
      await api.json(`/api/v1/conversations/${id}`),
      await api.json(`/api/v1/conversations/${id}/messages`, { json: { text: "hi" } }),
      await api.json(`/api/v1/conversations/${id}/events?after=0`),
    ])
      expect(answer.status).toBe(404);
    expect(await sql(`SELECT 1 FROM "RunEvent" WHERE "conversationId" = $1`, [id])).toEqual([]);
  });

  it("an oversized body is 413, a too-long message 422 naming the field", async () => {
    const created = await api.json<Created>("/api/v1/conversations", { json: {} });
    const path = `/api/v1/conversations/${created.body.conversation.id}/messages`;
    const huge = await api.json(path, { body: JSON.stringify({ text: "x".repeat(200 * 1024) }) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("payload_too_large");
    const long = await api.json(path, { json: { text: "x".repeat(20_001) } });
    expect(long.status).toBe(422);
    expect(JSON.stringify(long.body.error.details)).toContain("text");
    const firstTooLong = await api.json("/api/v1/conversations", { json: { message: "x".repeat(20_001) } });
    expect(firstTooLong.status).toBe(422);
  });
});
