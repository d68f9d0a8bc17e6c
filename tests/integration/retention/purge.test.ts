// The retention purge over real Postgres: what it deletes (a conversation and everything under it),
// what it leaves (fresh ones, other organizations', a suspended run's), temporary and deleted ones.
import { beforeAll, describe, expect, it } from "vitest";
import { conversationContext } from "@/lib/db/conversation-access";
import { deleteConversation, getConversation, listConversations, restoreConversation } from "@/lib/db/conversations";
import { findInboxItem } from "@/lib/db/inbox-items";
import { findInboxItemForLink } from "@/lib/db/inbox-links";
import { purgeDueConversations, RESTORE_WINDOW_MS, TEMPORARY_LIFETIME_MS } from "@/lib/db/retention";
import { searchMessages } from "@/lib/db/search";
import { listInboxItems } from "@/lib/db/v1-inbox";
import type { TenantContext } from "@/lib/db/tenant-context";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant } from "../store/support";
import { rowsOf, seedConversation } from "./seed";

const DAY = 24 * 60 * 60_000;
const ago = (ms: number, from = new Date()) => new Date(from.getTime() - ms);

let a: TenantContext;
let b: TenantContext;

beforeAll(async () => {
  a = await createTenant("keeper");
  b = await createTenant("forever");
  await getTestPrisma().organization.update({ where: { id: a.organizationId }, data: { retentionDays: 30 } });
});

const allZero = (counts: Record<string, number>) => Object.fromEntries(Object.keys(counts).map((table) => [table, 0]));

describe("the retention purge", () => {
  it("deletes an expired conversation with everything under it, and leaves the fresh one and another organization's old one", async () => {
    const expired = await seedConversation(a, ago(40 * DAY));
    const fresh = await seedConversation(a, ago(DAY));
    const othersOld = await seedConversation(b, ago(400 * DAY));
    const before = await rowsOf(expired);
    // Every kind of row is there to be deleted (a table left at 0 would prove nothing).
    expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([]);
    const freshBefore = await rowsOf(fresh);
    const othersBefore = await rowsOf(othersOld);

    const result = await purgeDueConversations();

    expect(result.purged).toBe(1);
    expect(await rowsOf(expired)).toEqual(allZero(before));
    expect(await rowsOf(fresh)).toEqual(freshBefore);
    expect(await rowsOf(othersOld)).toEqual(othersBefore);
    // The form's submission is the organization's record (Forms → Submissions): it stays, without its conversation.
    expect(await getTestPrisma().formSubmission.findFirst({ where: { instanceId: `fi-${expired.conversationId}` } })).toMatchObject({
      conversationId: null,
    });
    // Its metered usage stays too (what the month was billed for), without its conversation.
    expect(
      await getTestPrisma().usageEntry.findMany({
        where: { organizationId: a.organizationId, runId: { not: null }, conversationId: null },
      }),
    ).toEqual([expect.objectContaining({ tokensIn: 10, tokensOut: 2, userId: a.userId })]);
    const audit = await getTestPrisma().auditLog.findMany({ where: { organizationId: a.organizationId, action: "conversations.purged" } });
    expect(audit.map((entry) => entry.metadata)).toEqual([{ count: 1, reasons: { retention: 1 } }]);
    expect(await getTestPrisma().auditLog.count({ where: { organizationId: b.organizationId, action: "conversations.purged" } })).toBe(0);
  });

  it("keeps a conversation whose run is suspended (a durable wait) until the run ends", async () => {
    const waiting = await seedConversation(a, ago(40 * DAY));
    await getTestPrisma().run.updateMany({ where: { storeId: waiting.storeId }, data: { status: "suspended" } });
    await purgeDueConversations();
    expect((await rowsOf(waiting)).Conversation).toBe(1);

    await getTestPrisma().run.updateMany({ where: { storeId: waiting.storeId }, data: { status: "completed" } });
    await purgeDueConversations();
    expect((await rowsOf(waiting)).Conversation).toBe(0);
  });

  it("goes in bounded batches: two due conversations with a batch of one are two transactions", async () => {
    await seedConversation(a, ago(50 * DAY));
    await seedConversation(a, ago(60 * DAY));
    expect(await purgeDueConversations({ batchSize: 1 })).toEqual({ purged: 2, batches: 2, pendingAttachments: 0, storageKeys: [] });
  });

  it("purges a temporary conversation after 24 hours without activity, also where retention is forever", async () => {
    const start = new Date();
    const temporary = await seedConversation(b, start, { temporary: true });
    await purgeDueConversations({ now: new Date(start.getTime() + TEMPORARY_LIFETIME_MS - 60_000) });
    expect((await rowsOf(temporary)).Conversation).toBe(1);
    const before = await rowsOf(temporary);
    await purgeDueConversations({ now: new Date(start.getTime() + TEMPORARY_LIFETIME_MS + 60_000) });
    expect(await rowsOf(temporary)).toEqual(allZero(before));
  });

  it("a temporary conversation is never listed nor searched, and deleting it deletes it for good", async () => {
    const temporary = await seedConversation(b, new Date(), { temporary: true });
    expect((await listConversations(b)).conversations.map((c) => c.id)).not.toContain(temporary.conversationId);
    expect((await searchMessages(b, { q: "forget", offset: 0 })).results.map((r) => r.conversationId)).not.toContain(
      temporary.conversationId,
    );
    const before = await rowsOf(temporary);
    expect(await deleteConversation(b, temporary.conversationId)).toBe(true);
    expect(await rowsOf(temporary)).toEqual(allZero(before));
  });
});

describe("deleting a conversation (undo)", () => {
  it("hides it from the list, search, the v1 read and the routes, and restores it within the window", async () => {
    const seeded = await seedConversation(b, new Date());
    const id = seeded.conversationId;
    const listed = async () => (await listConversations(b)).conversations.map((c) => c.id);
    const found = async () => (await searchMessages(b, { q: "forget", offset: 0 })).results.map((r) => r.conversationId);
    expect(await listed()).toContain(id);
    expect(await found()).toContain(id);

    expect(await deleteConversation(b, id)).toBe(true);
    expect(await listed()).not.toContain(id);
    expect(await found()).not.toContain(id);
    expect(await getConversation(b, id)).toBeNull();
    expect(await conversationContext(b.userId, id)).toBeNull();
    const { publicId } = await getTestPrisma().inboxItem.findFirstOrThrow({ where: { conversationId: id } });
    expect(await findInboxItem(b, publicId)).toBeNull();
    expect(await findInboxItemForLink(publicId)).toBeNull();
    expect((await listInboxItems(b, { limit: 100 })).items.map((item) => item.id)).not.toContain(publicId);
    // Deleting it again finds nothing: it is gone for everyone.
    expect(await deleteConversation(b, id)).toBe(false);

    expect(await restoreConversation(b, id)).toMatchObject({ id });
    expect(await listed()).toContain(id);
    expect(await found()).toContain(id);
    expect(await conversationContext(b.userId, id)).not.toBeNull();
    expect(await findInboxItemForLink(publicId)).not.toBeNull();
    expect((await listInboxItems(b, { limit: 100 })).items.map((item) => item.id)).toContain(publicId);
  });

  it("cannot be restored after the window, and the purge then deletes it for good", async () => {
    const seeded = await seedConversation(b, new Date());
    const deletedAt = new Date();
    expect(await deleteConversation(b, seeded.conversationId, null, deletedAt)).toBe(true);
    const later = new Date(deletedAt.getTime() + RESTORE_WINDOW_MS + 1_000);
    expect(await restoreConversation(b, seeded.conversationId, null, later)).toBeNull();
    // Within the window the purge keeps it.
    await purgeDueConversations({ now: new Date(deletedAt.getTime() + RESTORE_WINDOW_MS - 1_000) });
    expect((await rowsOf(seeded)).Conversation).toBe(1);
    await purgeDueConversations({ now: later });
    expect((await rowsOf(seeded)).Conversation).toBe(0);
    expect(await restoreConversation(b, seeded.conversationId)).toBeNull();
  });

  it("another organization can neither restore it nor see it", async () => {
    const seeded = await seedConversation(b, new Date());
    await deleteConversation(b, seeded.conversationId);
    expect(await restoreConversation({ ...a }, seeded.conversationId)).toBeNull();
    expect((await rowsOf(seeded)).Conversation).toBe(1);
  });
});
