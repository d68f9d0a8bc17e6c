// API keys over Postgres: create/list/revoke with their audit entries, the authenticator (valid,
// revoked, expired, unknown; lastUsedAt written at most once a minute), and tenant scoping of keys and inbox reads.
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey, listApiKeys, revokeApiKey, touchApiKey } from "@/lib/db/api-keys";
import type { TenantContext } from "@/lib/db/tenant-context";
import { findInboxItem } from "@/lib/db/inbox-items";
import { listInboxItems } from "@/lib/db/v1-inbox";
import { generateApiKey } from "@/lib/server/api-keys/key-material";
import { authenticateApiKey } from "@/lib/server/http/api-key-authenticator";
import { AppError } from "@/lib/server/http/app-error";
import type { LimitSpec } from "@/lib/server/rate-limit";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "./store/support";
import { NotFoundError } from "@/lib/agent/errors";

const newKey = async (tenant: TenantContext, overrides: { scopes?: string[]; expiresAt?: Date | null; name?: string } = {}) => {
  const material = generateApiKey();
  const record = await createApiKey(
    tenant,
    { name: overrides.name ?? "Worker", scopes: overrides.scopes ?? ["inbox:read"], expiresAt: overrides.expiresAt ?? null, ...material },
    "203.0.113.9",
  );
  return { ...material, record };
};

let ipCounter = 0;
const request = (authorization?: string) =>
  new Request("http://localhost/api/v1/inbox", {
    headers: { ...(authorization && { authorization }), "x-handoff-peer-address": `198.51.100.${++ipCounter}` },
  });
/** A separate limit per test run so counts never spill between tests. */
const limit = (): LimitSpec => ({
  keyPrefix: `apikey-test-${Math.random().toString(36).slice(2)}`,
  points: 3,
  durationSeconds: 60,
  blockSeconds: 60,
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("API keys in Postgres", () => {
  let tenant: TenantContext;
  let other: TenantContext;
  beforeAll(async () => {
    tenant = await createTenant("keys");
    other = await createTenant("other-keys");
  });

  it("creates a key storing only its hash, audited; the list never shows the key or the hash", async () => {
    const { key, record, keyHash } = await newKey(tenant, { name: "Billing", scopes: ["inbox:read", "inbox:write"] });
    const row = await getTestPrisma().apiKey.findFirstOrThrow({ where: { id: record.id } });
    expect(row.keyHash).toBe(keyHash);
    expect(JSON.stringify(row)).not.toContain(key);
    const listed = await listApiKeys(tenant);
    expect(listed.find((k) => k.id === record.id)).toMatchObject({
      name: "Billing",
      scopes: ["inbox:read", "inbox:write"],
      revokedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(JSON.stringify(listed)).not.toContain(keyHash);
    const audit = await getTestPrisma().auditLog.findMany({ where: { organizationId: tenant.organizationId, action: "api_key.created" } });
    expect(audit.some((entry) => entry.target === "Billing" && entry.actorId === tenant.userId && entry.ip === "203.0.113.9")).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it("revokes once (one audit entry), and another organization can neither list nor revoke the key", async () => {
    const { record } = await newKey(tenant, { name: "To revoke" });
    expect(await revokeApiKey(other, record.id)).toBeNull();
    expect((await listApiKeys(other)).map((k) => k.id)).not.toContain(record.id);
    const revoked = await revokeApiKey(tenant, record.id, "203.0.113.9");
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    const again = await revokeApiKey(tenant, record.id);
    expect(again?.revokedAt?.getTime()).toBe(revoked?.revokedAt?.getTime());
    const entries = await getTestPrisma().auditLog.findMany({
      where: { organizationId: tenant.organizationId, action: "api_key.revoked" },
    });
    expect(entries.filter((entry) => (entry.metadata as { keyId: string }).keyId === record.id)).toHaveLength(1);
  });

  it("authenticates a valid key as its organization with role member and a synthetic user; revoked, expired, unknown and malformed keys are the same 401", async () => {
    const good = await newKey(tenant, { scopes: ["inbox:read"] });
    const found = await authenticateApiKey(request(`Bearer ${good.key}`), new Date(), limit());
    expect(found.principal).toEqual({
      kind: "api_key",
      keyId: good.record.id,
      name: good.record.name,
      organizationId: tenant.organizationId,
      scopes: ["inbox:read"],
    });
    expect(found.tenant).toEqual({
      userId: `apikey:${good.record.id}`,
      organizationId: tenant.organizationId,
      orgSlug: tenant.orgSlug,
      role: "member",
    });

    const revoked = await newKey(tenant);
    await revokeApiKey(tenant, revoked.record.id);
    const expired = await newKey(tenant, { expiresAt: new Date(Date.now() + 1000) });
    const later = new Date(Date.now() + 5000);
    const unknown = generateApiKey().key;
    const wrongSecret = `${good.key.slice(0, 20)}${"A".repeat(43)}`;
    const answers = [];
    for (const [header, at] of [
      [`Bearer ${revoked.key}`, new Date()],
      [`Bearer ${expired.key}`, later],
      [`Bearer ${unknown}`, new Date()],
      [`Bearer ${wrongSecret}`, new Date()],
      ["Bearer nonsense", new Date()],
      [undefined, new Date()],
    ] as const) {
      const error = await refusal(authenticateApiKey(request(header), at, limit()));
      answers.push([error.status, error.code, error.message, error.headers]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([401, "unauthorized", expect.any(String), { "WWW-Authenticate": expect.stringMatching(/^Bearer/) }]);
  });

  it("throttles an address after repeated bad keys (429 with Retry-After), a good key from it included", async () => {
    const spec = limit();
    const good = await newKey(tenant);
    const ip = "192.0.2.77";
    const from = (authorization: string) =>
      new Request("http://localhost/api/v1/inbox", { headers: { authorization, "x-handoff-peer-address": ip } });
    for (let i = 0; i < 3; i++)
      expect((await refusal(authenticateApiKey(from(`Bearer ${generateApiKey().key}`), new Date(), spec))).status).toBe(401);
    const blocked = await refusal(authenticateApiKey(from(`Bearer ${generateApiKey().key}`), new Date(), spec));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers?.["Retry-After"])).toBeGreaterThan(0);
    expect((await refusal(authenticateApiKey(from(`Bearer ${good.key}`), new Date(), spec))).status).toBe(429);
  });

  it("writes lastUsedAt at most once a minute per key", async () => {
    const { key, record } = await newKey(tenant);
    const t0 = new Date();
    await authenticateApiKey(request(`Bearer ${key}`), t0, limit());
    const first = (await getTestPrisma().apiKey.findFirstOrThrow({ where: { id: record.id } })).lastUsedAt;
    expect(first?.getTime()).toBe(t0.getTime());
    await authenticateApiKey(request(`Bearer ${key}`), new Date(t0.getTime() + 30_000), limit());
    expect((await getTestPrisma().apiKey.findFirstOrThrow({ where: { id: record.id } })).lastUsedAt?.getTime()).toBe(t0.getTime());
    expect(await touchApiKey({ organizationId: tenant.organizationId, id: record.id }, new Date(t0.getTime() + 30_000))).toBe(false);
    const t2 = new Date(t0.getTime() + 61_000);
    await authenticateApiKey(request(`Bearer ${key}`), t2, limit());
    expect((await getTestPrisma().apiKey.findFirstOrThrow({ where: { id: record.id } })).lastUsedAt?.getTime()).toBe(t2.getTime());
  });
});

describe("inbox reads for the public API", () => {
  it("lists the organization's items newest first with filters and cursor pages; another organization sees none of them", async () => {
    const tenant = await createTenant("inbox-v1");
    const other = await createTenant("inbox-v1-other");
    const { conversation, store } = await openNewConversationStore(tenant);
    const base = Date.parse("2026-12-01T10:00:00Z");
    for (let i = 0; i < 5; i++)
      await store.addInboxItem({
        id: `toolu_call-${i}`,
        tag: i % 2 === 0 ? "payment" : "shipping",
        request: `request ${i}`,
        response: null,
        status: "pending",
        blocking: i === 0,
        // Two items share a timestamp: the cursor's tiebreak must still page through both.
        created_at: new Date(base + Math.min(i, 3) * 1000).toISOString(),
        resolved_at: null,
      });
    await store.updateInboxItem("toolu_call-1", { status: "resolved", response: "ok", resolved_at: new Date(base + 9000).toISOString() });

    const all = await listInboxItems(tenant, { limit: 50 });
    expect(all.items.map((item) => item.request)).toEqual(["request 4", "request 3", "request 2", "request 1", "request 0"]);
    // The public id is the item's everywhere outside the store: unique across organizations, never the tool call's id.
    expect(all.items.every((item) => /^inb_[0-9a-f]{32}$/.test(item.id))).toBe(true);
    expect(all.next_cursor).toBeNull();
    expect(all.items[0]).toMatchObject({ conversation_id: conversation.id, tag: "payment", status: "pending", resolved_at: null });

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listInboxItems(tenant, { limit: 2, cursor });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.items.map((item) => item.id));

    expect((await listInboxItems(tenant, { limit: 50, status: "resolved" })).items.map((i) => i.request)).toEqual(["request 1"]);
    expect((await listInboxItems(tenant, { limit: 50, tag: "shipping" })).items.map((i) => i.request)).toEqual(["request 3", "request 1"]);
    // A conversation the organization does not have is a 404, as any other tenant object (never an empty page).
    await expect(listInboxItems(tenant, { limit: 50, conversationId: "nope" })).rejects.toBeInstanceOf(NotFoundError);
    await expect(listInboxItems(other, { limit: 50, conversationId: conversation.id })).rejects.toBeInstanceOf(NotFoundError);
    expect((await listInboxItems(tenant, { limit: 50, conversationId: conversation.id })).items).toHaveLength(5);

    expect((await listInboxItems(other, { limit: 50 })).items).toEqual([]);
    const answered = all.items[3].id;
    expect(await findInboxItem(other, answered)).toBeNull();
    expect(await findInboxItem(tenant, answered)).toMatchObject({
      publicId: answered,
      id: "toolu_call-1",
      response: "ok",
      status: "resolved",
    });
  });
});
