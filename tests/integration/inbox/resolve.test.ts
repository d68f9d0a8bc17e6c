// The one resolve path on real Postgres: first answer wins under concurrency, replays, schema refusals,
// expiry at resolve time and by the sweep (which continues a blocking item's conversation), cancelling.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { InboxItem } from "@/lib/agent/store-adapter";
import { cancelInboxItem } from "@/lib/db/inbox-cancel";
import { resolveInboxItemRow } from "@/lib/db/inbox-items";
import type { PostgresStore } from "@/lib/db/postgres-store";
import type { TenantContext } from "@/lib/db/tenant-context";
import { webhookEventV1 } from "@/lib/schemas/webhook-payloads/v1";
import { AppError } from "@/lib/server/http/app-error";
import { resolveInboxItem } from "@/lib/server/inbox/resolve-item";
import { responseIssues } from "@/lib/server/inbox/response-schema";
import { expireInboxItems } from "@/lib/server/jobs/expire-inbox-items";
import { continueUntoldItems, UNTOLD_GRACE_MS } from "@/lib/server/jobs/continue-untold-items";
import { executionsOf } from "@/lib/server/runs/local-executions";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { eventually } from "@/tests/support/eventually";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";

const APPROVAL = { type: "object", required: ["approved"], properties: { approved: { type: "boolean" } } };
const member = (name: string) => ({ kind: "member" as const, id: null, name });
const conversations: string[] = [];

/** Posts an item into a new conversation of `tenant` as the agent's tool would; returns its public id. */
async function postItem(tenant: TenantContext, fields: Partial<InboxItem> = {}): Promise<{ publicId: string; store: PostgresStore }> {
  const { conversation, store } = await openNewConversationStore(tenant);
  conversations.push(conversation.id);
  const id = `call_${randomUUID()}`;
  await store.addInboxItem({
    id,
    tag: "finance",
    request: "Approve the Q3 budget",
    response: null,
    status: "pending",
    blocking: false,
    created_at: new Date().toISOString(),
    resolved_at: null,
    ...fields,
  });
  const row = await getTestPrisma().inboxItem.findFirstOrThrow({ where: { id, conversationId: conversation.id } });
  return { publicId: row.publicId, store };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? error : Promise.reject(error)),
  );

const resolvedEvents = (publicId: string) =>
  getTestPrisma().outboxEvent.findMany({
    where: { type: "inbox.item.resolved", payload: { path: ["data", "item", "id"], equals: publicId } },
  });

afterAll(async () => {
  // Continuations run detached: let them end before the file's database goes.
  await Promise.all(conversations.flatMap((id) => executionsOf(id).map((execution) => execution.done)));
});

describe("resolving an inbox item", () => {
  it("20 concurrent different answers: exactly one wins, the others get 409 with the winner; one resolved event", async () => {
    const tenant = await createTenant("race");
    const { publicId } = await postItem(tenant);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) => refusal(resolveInboxItem(tenant, publicId, `answer ${index}`, member(`m${index}`)))),
    );
    const losers = outcomes.filter((outcome): outcome is AppError => outcome !== null);
    expect(losers).toHaveLength(19);
    const row = await getTestPrisma().inboxItem.findFirstOrThrow({ where: { publicId } });
    expect(row.status).toBe("resolved");
    for (const loser of losers) {
      expect(loser.status).toBe(409);
      expect((loser.details as { item: { response: unknown } }).item.response).toBe(row.responseValue);
    }
    const events = await resolvedEvents(publicId);
    expect(events).toHaveLength(1);
    const event = webhookEventV1.parse(events[0].payload);
    expect(event).toMatchObject({
      type: "inbox.item.resolved",
      organization_id: tenant.organizationId,
      data: { response: row.responseValue },
    });
  });

  it("the identical answer again is 200 changed:false and announces nothing more", async () => {
    const tenant = await createTenant("replay");
    const { publicId } = await postItem(tenant);
    const first = await resolveInboxItem(tenant, publicId, { approved: true, note: "ok" }, member("Ada"));
    const again = await resolveInboxItem(tenant, publicId, { note: "ok", approved: true }, member("Bob"));
    expect(first).toMatchObject({ changed: true, item: { status: "resolved", resolved_by: { name: "Ada" } } });
    expect(again).toMatchObject({ changed: false, continued: false, item: { resolved_by: { name: "Ada" } } });
    expect(await resolvedEvents(publicId)).toHaveLength(1);
  });

  it("an answer off the item's schema is 422 naming the field; the item stays pending", async () => {
    const tenant = await createTenant("schema");
    const { publicId } = await postItem(tenant, { response_schema: APPROVAL });
    const wrongType = await refusal(resolveInboxItem(tenant, publicId, { approved: "yes" }, member("Ada")));
    expect(wrongType).toMatchObject({ status: 422, details: { issues: [{ path: "response.approved" }] } });
    const missing = await refusal(resolveInboxItem(tenant, publicId, "yes", member("Ada")));
    expect(missing).toMatchObject({ status: 422, details: { issues: [{ path: "response" }] } });
    expect((await getTestPrisma().inboxItem.findFirstOrThrow({ where: { publicId } })).status).toBe("pending");
    await expect(resolveInboxItem(tenant, publicId, { approved: true }, member("Ada"))).resolves.toMatchObject({ changed: true });
  });

  it("another organization's item is not found", async () => {
    const [tenant, other] = await Promise.all([createTenant("owner"), createTenant("intruder")]);
    const { publicId } = await postItem(tenant);
    expect(await resolveInboxItemRow(other, publicId, "mine", member("Eve"), responseIssues)).toEqual({ kind: "not_found" });
    await expect(refusal(resolveInboxItem(other, publicId, "mine", member("Eve")))).resolves.toMatchObject({ status: 404 });
  });

  it("an item past its expiry is 409 and becomes expired, without a resolved event", async () => {
    const tenant = await createTenant("late");
    const { publicId } = await postItem(tenant, { expires_at: new Date(Date.now() - 60_000).toISOString() });
    const late = await refusal(resolveInboxItem(tenant, publicId, "too late", member("Ada")));
    expect(late).toMatchObject({ status: 409, details: { item: { status: "expired" } } });
    expect((await getTestPrisma().inboxItem.findFirstOrThrow({ where: { publicId } })).status).toBe("expired");
    expect(await resolvedEvents(publicId)).toHaveLength(0);
  });

  it("cancel is conditional: a pending item is cancelled (audited) once; then answers and cancels are refused", async () => {
    const tenant = await createTenant("cancel");
    const { publicId } = await postItem(tenant);
    const resolver = { kind: "member" as const, id: tenant.userId, name: "Owner" };
    const [first, second] = await Promise.all([
      cancelInboxItem(tenant, publicId, resolver, "Not needed", null),
      cancelInboxItem(tenant, publicId, resolver, "Not needed", null),
    ]);
    expect([first.kind, second.kind].sort()).toEqual(["cancelled", "not_pending"]);
    const audit = await getTestPrisma().auditLog.findMany({
      where: { organizationId: tenant.organizationId, action: "inbox.item.cancelled" },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0].metadata).toMatchObject({ itemId: publicId, reason: "Not needed" });
    const row = await getTestPrisma().inboxItem.findFirstOrThrow({ where: { publicId } });
    expect(row).toMatchObject({ status: "cancelled", resolvedByKind: "member", resolvedById: tenant.userId });
    await expect(refusal(resolveInboxItem(tenant, publicId, "now?", member("Ada")))).resolves.toMatchObject({ status: 409 });
  });
});

describe("the expiry sweep", () => {
  it("expires overdue items once and tells the agent: a blocking item's conversation continues by itself", async () => {
    const tenant = await createTenant("sweep");
    const past = new Date(Date.now() - 60_000).toISOString();
    const { publicId, store } = await postItem(tenant, { blocking: true, expires_at: past });
    const future = await postItem(tenant, { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect(await expireInboxItems()).toBeGreaterThanOrEqual(1);
    expect(await expireInboxItems()).toBe(0);
    expect((await getTestPrisma().inboxItem.findFirstOrThrow({ where: { publicId } })).status).toBe("expired");
    expect((await getTestPrisma().inboxItem.findFirstOrThrow({ where: { publicId: future.publicId } })).status).toBe("pending");

    const reply = await eventually(async () =>
      (await store.getMessages()).find((message) => message.sender === "agent" && message.text.includes("An inbox update arrived")),
    );
    expect(reply?.text).toContain("expired without an answer");
    const told = await getTestPrisma().inboxItem.findFirstOrThrow({ where: { publicId } });
    expect(told.consumedAt).not.toBeNull();
  });
});

describe("an answer whose continuation was lost", () => {
  // The answer was stored but the run never started (the request failed after the write, or its server died):
  // written here straight through the row function, which is what such a request left behind.
  async function answeredButNotContinued(label: string) {
    const tenant = await createTenant(label);
    const posted = await postItem(tenant, { blocking: true });
    const outcome = await resolveInboxItemRow(tenant, posted.publicId, { approved: true }, member("Ada"), responseIssues);
    expect(outcome.kind).toBe("resolved");
    return { tenant, ...posted };
  }
  const agentRead = (store: PostgresStore) =>
    eventually(async () => (await store.getMessages()).find((message) => message.sender === "agent" && message.text.includes("approved")));

  it("the sweep continues the conversation once its grace has passed, and only then", async () => {
    const { publicId, store } = await answeredButNotContinued("untold-sweep");
    expect(await continueUntoldItems(new Date())).toBe(0);
    expect(await continueUntoldItems(new Date(Date.now() + UNTOLD_GRACE_MS + 1_000))).toBeGreaterThanOrEqual(1);
    expect((await agentRead(store))?.text).toContain("An inbox update arrived");
    await eventually(async () => (await getTestPrisma().inboxItem.findFirstOrThrow({ where: { publicId } })).status === "consumed");
    // Told once: nothing is left for the next pass.
    const again = await getTestPrisma().inboxItem.findMany({ where: { publicId, status: "resolved" } });
    expect(again).toEqual([]);
  });

  it("the same answer sent again continues it at once", async () => {
    const { tenant, publicId, store } = await answeredButNotContinued("untold-repeat");
    const repeat = await resolveInboxItem(tenant, publicId, { approved: true }, member("Ada"));
    expect(repeat).toMatchObject({ changed: false, continued: true });
    expect((await agentRead(store))?.text).toContain("An inbox update arrived");
  });
});
