import { beforeAll, describe, expect, it } from "vitest";
import { createConversation, deleteConversation, getConversation, listConversations, renameConversation } from "@/lib/db/conversations";
import { purgeConversations } from "@/lib/db/retention";
import { InvalidCursorError } from "@/lib/db/keyset-cursor";
import { PostgresStore } from "@/lib/db/postgres-store";
import { listRunEventsAfter } from "@/lib/db/run-events";
import { appendRunEvents } from "@/tests/integration/support/run-events";
import type { TenantContext } from "@/lib/db/tenant-context";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant } from "./support";

describe("conversations", () => {
  let tenant: TenantContext;
  beforeAll(async () => {
    tenant = await createTenant("conversations");
  });

  it("creates with a default title and the creator, and reads back", async () => {
    const created = await createConversation(tenant);
    expect(created).toMatchObject({ title: "New conversation", createdById: tenant.userId });
    expect(await getConversation(tenant, created.id)).toEqual(created);
    expect((await createConversation(tenant, { title: "  Quarterly report  " })).title).toBe("Quarterly report");
    expect((await createConversation(tenant, { title: "   " })).title).toBe("New conversation");
    expect(await getConversation(tenant, "missing")).toBeNull();
  });

  it("lists newest activity first, in stable pages", async () => {
    const own = await createTenant("paging");
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) ids.push((await createConversation(own, { title: `Chat ${index}` })).id);
    // Same activity time for two of them: the id breaks the tie, and the pages still cover each once.
    const base = Date.UTC(2031, 0, 1);
    const activeAt = (id: string, at: number) =>
      getTestPrisma().conversation.updateMany({ where: { id }, data: { lastActivityAt: new Date(at) } });
    await activeAt(ids[0], base + 4000);
    await activeAt(ids[1], base + 1000);
    await activeAt(ids[2], base + 3000);
    await activeAt(ids[3], base + 3000);
    await activeAt(ids[4], base + 2000);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listConversations(own, { limit: 2, cursor });
      expect(page.conversations.length).toBeLessThanOrEqual(2);
      seen.push(...page.conversations.map((conversation) => conversation.id));
      cursor = page.nextCursor;
    } while (cursor);
    const tied = [ids[2], ids[3]].sort().reverse();
    expect(seen).toEqual([ids[0], ...tied, ids[4], ids[1]]);
    await expect(listConversations(own, { cursor: "not-a-cursor" })).rejects.toThrow(InvalidCursorError);
  });

  it("searches titles case-insensitively and takes % and _ literally", async () => {
    const own = await createTenant("search");
    for (const title of ["Budget 50% cut", "Budget 500 plan", "file_name check", "filename check", "Back\\slash"])
      await createConversation(own, { title });
    const titles = async (query: string) =>
      (await listConversations(own, { query })).conversations.map((conversation) => conversation.title).sort();
    expect(await titles("budget")).toEqual(["Budget 50% cut", "Budget 500 plan"]);
    expect(await titles("50%")).toEqual(["Budget 50% cut"]);
    expect(await titles("file_")).toEqual(["file_name check"]);
    expect(await titles("k\\s")).toEqual(["Back\\slash"]);
    expect(await titles("%")).toEqual(["Budget 50% cut"]);
  });

  it("renames, keeping the title trimmed", async () => {
    const created = await createConversation(tenant);
    expect(await renameConversation(tenant, created.id, " Launch plan ")).toMatchObject({ id: created.id, title: "Launch plan" });
    expect((await getConversation(tenant, created.id))?.title).toBe("Launch plan");
  });

  it("deletes everything the agent stored for the conversation", async () => {
    const created = await createConversation(tenant);
    const store = await PostgresStore.open(getTestPrisma(), { organizationId: tenant.organizationId, conversationId: created.id });
    const child = await store.createSubAgentStore("helper", true);
    const at = new Date().toISOString();
    for (const target of [store, child]) {
      await target.appendMessages([{ id: "m", sender: "user", text: "hi" }]);
      await target.createRun({ id: "r", status: "running", created_at: at });
      await target.createSlot({
        id: "s",
        run_id: "r",
        call_id: "c",
        index: 1,
        kind: "wait",
        tool_name: "t",
        renderer: "t",
        props: {},
        display_strategy: "stay",
        status: "pending",
        created_at: at,
        expires_at: null,
        settled_at: null,
      });
      await target.saveToolCallState({ call_id: "c", run_id: "r", tool_name: "t", status: "waiting" });
      await target.addInboxItem({
        id: "i",
        tag: "t",
        request: "r",
        response: null,
        status: "pending",
        blocking: false,
        created_at: at,
        resolved_at: null,
      });
      await target.enqueueMessage({ id: "q", text: "later", created_at: at }, 10);
      await target.addTasks([{ id: "t", content: "c", activeForm: "a", status: "pending" }]);
    }
    await appendRunEvents(tenant.organizationId, created.id, "r", [{ type: "run_started", data: { run_id: "r" } }]);
    await store.setPermission({ tool_name: "deploy", input_key: null, status: "granted" });

    expect(await deleteConversation(tenant, created.id)).toBe(true);
    expect(await getConversation(tenant, created.id)).toBeNull();
    const db = getTestPrisma();
    // A delete is soft (restorable for a while: tests/integration/retention); the purge deletes everything below it.
    await db.$transaction((tx) => purgeConversations(tx, tenant.organizationId, [created.id]));
    const where = { organizationId: tenant.organizationId };
    const counts = await Promise.all([
      db.agentStore.count({ where: { conversationId: created.id } }),
      db.message.count({ where }),
      db.run.count({ where }),
      db.slot.count({ where }),
      db.toolCallState.count({ where }),
      db.inboxItem.count({ where }),
      db.queuedMessage.count({ where }),
      db.agentTask.count({ where }),
      db.runEvent.count({ where: { conversationId: created.id } }),
    ]);
    expect(counts).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await listRunEventsAfter(tenant, created.id, 0)).toEqual([]);
    // Permissions belong to the tenant, not to the conversation.
    expect(await db.toolPermission.count({ where })).toBe(1);
    expect(await deleteConversation(tenant, created.id)).toBe(false);
  });

  it("keeps a conversation whose creator is deleted", async () => {
    const own = await createTenant("creator");
    const created = await createConversation(own);
    await getTestPrisma().user.delete({ where: { id: own.userId } });
    expect(await getConversation(own, created.id)).toMatchObject({ id: created.id, createdById: null });
  });
});

describe("run events", () => {
  it("numbers events from 1 per conversation across runs, and replays what came after a number", async () => {
    const tenant = await createTenant("events");
    const { id: conversationId } = await createConversation(tenant);
    const { id: otherId } = await createConversation(tenant);
    const first = await appendRunEvents(tenant.organizationId, conversationId, "run-1", [
      { type: "run_started", data: { run_id: "run-1", kind: "request" } },
      { type: "text_delta", data: { text: "Hel" } },
    ]);
    const second = await appendRunEvents(tenant.organizationId, conversationId, "run-2", [{ type: "text_delta", data: { z: 1, a: 2 } }]);
    await appendRunEvents(tenant.organizationId, otherId, "run-3", [{ type: "run_started", data: null }]);
    expect(first.map((event) => [event.seq, event.runId, event.type])).toEqual([
      [1, "run-1", "run_started"],
      [2, "run-1", "text_delta"],
    ]);
    expect(second[0]).toMatchObject({ seq: 3, runId: "run-2", data: { z: 1, a: 2 } });
    expect(await appendRunEvents(tenant.organizationId, conversationId, "run-2", [])).toEqual([]);

    const replay = await listRunEventsAfter(tenant, conversationId, 1);
    expect(replay.map((event) => event.seq)).toEqual([2, 3]);
    // Stored as json, not jsonb: a replay carries the keys in the order the live stream sent them.
    expect(JSON.stringify(replay[1].data)).toBe('{"z":1,"a":2}');
    expect(await listRunEventsAfter(tenant, conversationId, 0, 1)).toEqual([first[0]]);
    expect((await listRunEventsAfter(tenant, otherId, 0))[0]).toMatchObject({ seq: 1, data: null });
  });
});
