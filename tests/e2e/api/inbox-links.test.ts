// Capability links end to end: a signed, expiring link names one inbox item and resolves it with no
// cookie and no key. Valid (the conversation continues), tampered and malformed (the same 404),
// expired (410), already used (same answer 200, another 409), an item of a deleted conversation (404),
// and a per-address limit on answers.
import { beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import type { TestAccount } from "../support/http-client";
import { createAccount } from "../support/http-client";
import { createConversation, openEvents, say } from "../support/run-events";
import { sql } from "../support/sql";

type ErrorBody = { error: { code: string; message: string; details?: { item?: { response: unknown } } } };

let owner: TestAccount;

beforeAll(async () => {
  owner = await createAccount(appBaseURL(), "linker");
});

const rand = () => Math.floor(Math.random() * 250) + 1;

/** A request from nobody in particular: no cookie, no key, its own address unless given. */
async function anonymous<T = Record<string, unknown>>(
  path: string,
  init: { json?: unknown; ip?: string; body?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { "x-forwarded-for": init.ip ?? `192.168.${rand()}.${rand()}`, ...init.headers };
  const hasBody = init.json !== undefined || init.body !== undefined;
  // No Origin either: another system's server posts the answer, not a browser.
  if (hasBody) headers["content-type"] = "application/json";
  const response = await fetch(`${appBaseURL()}${path}`, {
    method: hasBody ? "POST" : "GET",
    headers,
    body: init.body ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T & ErrorBody };
}

/** The demo model posts the item `text` asks for in a new conversation; its id, link path and the stream's last seq. */
async function itemWithLink(text: string) {
  const conversationId = await createConversation(owner.client, undefined, owner.orgSlug);
  const events = await say(owner.client, conversationId, text);
  const itemId = events.findLast((event) => event.type === "inbox_updated")!.data.items[0].public_id as string;
  const detail = await owner.client.json<{ capability_url: string }>(`/api/orgs/${owner.orgSlug}/inbox/${itemId}`);
  return { conversationId, itemId, path: new URL(detail.body.capability_url).pathname, lastSeq: events.at(-1)!.seq };
}

/** The path with one character of the signature (the token's last part) changed. */
function tampered(path: string): string {
  const index = path.length - 5;
  return path.slice(0, index) + (path[index] === "A" ? "B" : "A") + path.slice(index + 1);
}

describe("capability links", () => {
  it("a valid link shows what the item asks and resolves it; the conversation continues; replays are first-answer-wins", async () => {
    const { conversationId, itemId, path, lastSeq } = await itemWithLink("ask finance to approve the Q3 budget as a yes/no decision");
    const view = await anonymous<{ item: Record<string, unknown>; link_expires_at: string }>(path);
    expect(view.status).toBe(200);
    expect(view.body.item).toEqual({
      id: itemId,
      tag: "finance",
      request: "Approve the Q3 budget",
      blocking: true,
      status: "pending",
      response_schema: expect.objectContaining({ required: ["approved"] }),
      expires_at: null,
    });
    expect(new Date(view.body.link_expires_at).getTime()).toBeGreaterThan(Date.now());

    const offSchema = await anonymous(path, { json: { response: { approved: "sure" } } });
    expect(offSchema.status).toBe(422);
    const noAnswer = await anonymous(path, { json: {} });
    expect(noAnswer.status).toBe(422);

    const watcher = await openEvents(owner.client, conversationId, { after: lastSeq });
    const answered = await anonymous<{ item: { status: string; resolved_by: unknown }; changed: boolean; continued: boolean }>(path, {
      json: { response: { approved: true } },
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      changed: true,
      continued: true,
      item: { status: "resolved", resolved_by: { kind: "capability_link", id: null, name: null } },
    });
    const reply = await watcher.waitFor(
      (event) => event.type === "model_response_complete" && String(event.data.text).includes("An inbox update arrived"),
    );
    expect(reply.data.text).toContain("someone holding the item's link");
    await watcher.close();

    const same = await anonymous<{ changed: boolean }>(path, { json: { response: { approved: true } } });
    expect(same.status).toBe(200);
    expect(same.body.changed).toBe(false);
    // A retry with an Idempotency-Key replays its first answer; the key with another body is refused.
    const headers = { "idempotency-key": `retry-${rand()}-${Date.now()}` };
    const first = await anonymous<{ changed: boolean }>(path, { json: { response: { approved: true } }, headers });
    const replayed = await anonymous<{ changed: boolean }>(path, { json: { response: { approved: true } }, headers });
    expect(replayed.body).toEqual(first.body);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect((await anonymous(path, { json: { response: { approved: false } }, headers })).status).toBe(422);
    const other = await anonymous(path, { json: { response: { approved: false } } });
    expect(other.status).toBe(409);
    expect(other.body.error.details?.item?.response).toEqual({ approved: true });
    expect((await anonymous<{ item: { status: string } }>(path)).body.item.status).toMatch(/resolved|consumed/);
  });

  it("tampered, malformed and unknown links are the same 404; nothing changes", async () => {
    const { itemId, path } = await itemWithLink("ask finance to approve the travel budget");
    const changed = tampered(path);
    expect(changed).not.toBe(path);
    const answers = [
      await anonymous(changed),
      await anonymous(changed, { json: { response: "yes" } }),
      await anonymous("/api/inbox/links/not-a-token"),
      await anonymous("/api/inbox/links/not-a-token", { json: { response: "yes" } }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toEqual(answers[0].body.error);
      expect(answer.body.error.code).toBe("invalid_link");
    }
    const [row] = await sql<{ status: string }>(`SELECT status FROM "InboxItem" WHERE "publicId" = $1`, [itemId]);
    expect(row.status).toBe("pending");
  });

  it("a link past its item's expiry is 410", async () => {
    const { itemId } = await itemWithLink("ask finance to approve the hiring plan");
    await sql(`UPDATE "InboxItem" SET "expiresAt" = now() - interval '1 minute' WHERE "publicId" = $1`, [itemId]);
    const detail = await owner.client.json<{ capability_url: string }>(`/api/orgs/${owner.orgSlug}/inbox/${itemId}`);
    const path = new URL(detail.body.capability_url).pathname;
    const shown = await anonymous(path);
    expect(shown.status).toBe(410);
    expect(shown.body.error.code).toBe("link_expired");
    const posted = await anonymous(path, { json: { response: "yes" } });
    expect(posted.status).toBe(410);
  });

  it("the link of an item whose conversation was deleted is 404", async () => {
    const { conversationId, path } = await itemWithLink("ask finance to approve the offsite");
    expect((await anonymous(path)).status).toBe(200);
    const deleted = await owner.client.request(`/api/conversations/${conversationId}`, { method: "DELETE" });
    expect(deleted.status).toBeLessThan(300);
    const gone = await anonymous(path, { json: { response: "yes" } });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe("invalid_link");
  });

  it("answers through links are limited per address (429 with Retry-After); bodies over the limit are 413", async () => {
    const ip = `192.168.${rand()}.${rand()}`;
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1)
      statuses.push((await anonymous("/api/inbox/links/not-a-token", { json: { response: "x" }, ip })).status);
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    const limited = await anonymous("/api/inbox/links/not-a-token", { json: { response: "x" }, ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const big = await anonymous("/api/inbox/links/not-a-token", { body: JSON.stringify({ response: "x".repeat(70 * 1024) }) });
    expect(big.status).toBe(413);
  });
});
