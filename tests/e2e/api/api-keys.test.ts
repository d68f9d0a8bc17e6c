// API keys end to end: admins create and revoke them in the organization's settings API, and the
// keys (never cookies) authenticate /api/v1/inbox with their scopes, expiry and revocation.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { appBaseURL } from "../support/env";
import type { TestAccount } from "../support/http-client";
import { sql } from "../support/sql";
import { teamOf } from "../support/teams";
import { createAccount } from "../support/http-client";

type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };
type KeyView = { id: string; name: string; prefix: string; scopes: string[]; revokedAt: string | null; lastUsedAt: string | null };
type Created = { key: KeyView; secret: string };
type InboxItem = { id: string; conversation_id: string; tag: string; status: string };

let team: Awaited<ReturnType<typeof teamOf>>;
let outsider: TestAccount;
let conversationId: string;
let outsiderItemId: string;

const rand = () => Math.floor(Math.random() * 250) + 1;
const freshIp = () => `172.${rand()}.${rand()}.${rand()}`;
const ip = freshIp();

/** A request to the public API with `key` as its bearer token (no cookie), from `from`. */
async function v1<T = Record<string, unknown>>(path: string, key: string | null, from = ip) {
  const headers: Record<string, string> = { "x-forwarded-for": from };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const response = await fetch(`${appBaseURL()}${path}`, { headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T & ErrorBody };
}

async function createKey(account: TestAccount, json: Record<string, unknown>, slug = team.slug) {
  return account.client.json<Created & ErrorBody>(`/api/orgs/${slug}/api-keys`, { json });
}

async function conversationWithItem(account: TestAccount, slug: string, tag: string) {
  const created = await account.client.json<{ conversation: { id: string } }>(`/api/conversations?org=${slug}`, { json: {} });
  expect(created.status).toBe(201);
  const id = `toolu_${randomUUID().replaceAll("-", "")}`;
  // With its TenantKey, as the app writes an inbox item (lib/db/inbox-items.ts): its public id then resolves everywhere.
  await sql(
    `WITH item AS (
       INSERT INTO "InboxItem" ("storeId", "id", "organizationId", "conversationId", "tag", "request", "status", "blocking", "createdAt")
       SELECT s.id, $1, s."organizationId", s."conversationId", $2, 'Confirm the payment', 'pending', true, now()
       FROM "AgentStore" s WHERE s."conversationId" = $3 AND s.namespace = '' LIMIT 1
       RETURNING "organizationId", "publicId"
     )
     INSERT INTO "TenantKey" ("kind", "key", "organizationId") SELECT 'inbox_item', "publicId", "organizationId" FROM item`,
    [id, tag, created.body.conversation.id],
  );
  return { conversationId: created.body.conversation.id, itemId: id };
}

beforeAll(async () => {
  team = await teamOf(appBaseURL());
  outsider = await createAccount(appBaseURL(), "outsider");
  ({ conversationId } = await conversationWithItem(team.owner, team.slug, "payment"));
  await conversationWithItem(team.owner, team.slug, "shipping");
  ({ itemId: outsiderItemId } = await conversationWithItem(outsider, outsider.orgSlug, "payment"));
});

describe("API keys", () => {
  it("an admin creates a key that reads the organization's inbox; the key is shown once and never listed", async () => {
    const created = await createKey(team.admin, { name: "Inbox reader", scopes: ["inbox:read"] });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^hk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(created.body.key).toMatchObject({ name: "Inbox reader", scopes: ["inbox:read"], revokedAt: null });
    expect(created.body.key.prefix).toBe(`${created.body.secret.slice(0, 20)}…`);

    const list = await v1<{ items: InboxItem[]; next_cursor: string | null }>("/api/v1/inbox", created.body.secret);
    expect(list.status).toBe(200);
    expect(list.body.items.map((item) => item.tag)).toEqual(["shipping", "payment"]);
    expect(list.body.items.map((item) => item.id)).not.toContain(outsiderItemId);

    const filtered = await v1<{ items: InboxItem[] }>(
      `/api/v1/inbox?tag=payment&conversation_id=${conversationId}&status=pending`,
      created.body.secret,
    );
    expect(filtered.body.items).toHaveLength(1);
    const one = await v1<{ item: InboxItem }>(`/api/v1/inbox/${filtered.body.items[0].id}`, created.body.secret);
    expect(one.status).toBe(200);
    expect(one.body.item).toMatchObject({ conversation_id: conversationId, tag: "payment", status: "pending" });

    const paged = await v1<{ items: InboxItem[]; next_cursor: string }>("/api/v1/inbox?limit=1", created.body.secret);
    expect(paged.body.items).toHaveLength(1);
    const next = await v1<{ items: InboxItem[]; next_cursor: string | null }>(
      `/api/v1/inbox?limit=1&cursor=${paged.body.next_cursor}`,
      created.body.secret,
    );
    expect(next.body.items[0].id).not.toBe(paged.body.items[0].id);
    expect((await v1("/api/v1/inbox?cursor=garbage", created.body.secret)).status).toBe(422);
    expect((await v1("/api/v1/inbox?status=lost", created.body.secret)).status).toBe(422);

    const listed = await team.owner.client.json<{ keys: KeyView[] }>(`/api/orgs/${team.slug}/api-keys`);
    expect(listed.status).toBe(200);
    expect(listed.body.keys.find((key) => key.id === created.body.key.id)?.lastUsedAt).not.toBeNull();
    const audit = await team.owner.client.json(`/api/orgs/${team.slug}/audit`);
    for (const answer of [listed.body, audit.body]) expect(JSON.stringify(answer)).not.toContain(created.body.secret.slice(20));
    expect(JSON.stringify(audit.body)).toContain("api_key.created");
  });

  it("another organization's item is 404 with a valid key", async () => {
    const { body } = await createKey(team.owner, { name: "Reader", scopes: ["inbox:read"] });
    const foreign = await v1(`/api/v1/inbox/${outsiderItemId}`, body.secret);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");
  });

  it("a key without the scope gets 403 naming it", async () => {
    const { body } = await createKey(team.owner, { name: "Forms only", scopes: ["forms:read"] });
    const refused = await v1("/api/v1/inbox", body.secret);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("insufficient_scope");
    expect(refused.body.error.message).toContain("inbox:read");
    expect(refused.body.error.details).toEqual({ requiredScope: "inbox:read" });
  });

  it("a revoked key and an expired key get 401; revocation is audited", async () => {
    const revoked = (await createKey(team.admin, { name: "Soon revoked", scopes: ["inbox:read"] })).body;
    expect((await v1("/api/v1/inbox", revoked.secret)).status).toBe(200);
    const revoke = await team.admin.client.json<{ key: KeyView }>(`/api/orgs/${team.slug}/api-keys/${revoked.key.id}`, {
      method: "DELETE",
    });
    expect(revoke.status).toBe(200);
    expect(revoke.body.key.revokedAt).not.toBeNull();
    const after = await v1("/api/v1/inbox", revoked.secret);
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toMatch(/^Bearer/);

    const expiresAt = new Date(Date.now() + 24 * 3600_000).toISOString();
    const expiring = (await createKey(team.admin, { name: "Expiring", scopes: ["inbox:read"], expiresAt })).body;
    expect((await v1("/api/v1/inbox", expiring.secret)).status).toBe(200);
    await sql(`UPDATE "ApiKey" SET "expiresAt" = now() - interval '1 second' WHERE id = $1`, [expiring.key.id]);
    const expired = await v1("/api/v1/inbox", expiring.secret);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(after.body);

    const audit = await team.owner.client.json<{ entries: { action: string; target: string | null }[] }>(`/api/orgs/${team.slug}/audit`);
    expect(audit.body.entries).toContainEqual(expect.objectContaining({ action: "api_key.revoked", target: "Soon revoked" }));
  });

  it("a past expiry is refused at creation (422)", async () => {
    const refused = await createKey(team.owner, { name: "Past", scopes: ["inbox:read"], expiresAt: "2020-01-01T00:00:00Z" });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toContain("expiresAt");
  });

  it("members cannot list, create or revoke keys (403); another organization's admin gets 404", async () => {
    expect((await createKey(team.member, { name: "Mine", scopes: ["inbox:read"] })).status).toBe(403);
    expect((await team.member.client.json(`/api/orgs/${team.slug}/api-keys`)).status).toBe(403);
    const { body } = await createKey(team.owner, { name: "Kept", scopes: ["inbox:read"] });
    expect((await team.member.client.json(`/api/orgs/${team.slug}/api-keys/${body.key.id}`, { method: "DELETE" })).status).toBe(403);
    expect((await createKey(outsider, { name: "Intruder", scopes: ["inbox:read"] })).status).toBe(404);
    expect((await outsider.client.json(`/api/orgs/${team.slug}/api-keys/${body.key.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await v1("/api/v1/inbox", body.secret)).status).toBe(200);
  });

  it("a cookie never authenticates /api/v1, and a missing or malformed header is 401 with WWW-Authenticate", async () => {
    const cookieOnly = await team.owner.client.json<ErrorBody>("/api/v1/inbox");
    expect(cookieOnly.status).toBe(401);
    expect(cookieOnly.body.error.code).toBe("unauthorized");
    expect(cookieOnly.headers.get("www-authenticate")).toMatch(/^Bearer/);
    for (const key of [null, "hk_nope", "not a key"]) {
      const answer = await v1("/api/v1/inbox", key);
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe("unauthorized");
    }
  });

  it("repeated bad keys from one address are throttled with 429 and Retry-After, a good key from it too", async () => {
    const { body } = await createKey(team.owner, { name: "Good", scopes: ["inbox:read"] });
    const attacker = freshIp();
    const wrong = `${body.secret.slice(0, 20)}${"x".repeat(43)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await v1("/api/v1/inbox", wrong, attacker)).status);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    const blocked = await v1("/api/v1/inbox", body.secret, attacker);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await v1("/api/v1/inbox", body.secret, freshIp())).status).toBe(200);
  });
});
