// The conditional methods against real Postgres, from two Prisma clients at once (two server
// instances, each with its own connection pool) on the same conversation.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import { createPrismaClient, type PrismaClient } from "@/lib/db/client";
import { PostgresStore } from "@/lib/db/postgres-store";
import type { TenantContext } from "@/lib/db/tenant-context";
import { getTestPrisma, testDatabaseUrl } from "@/tests/integration/support/databases";
import { eventually } from "@/tests/support/eventually";
import { createTenant, openNewConversationStore } from "./support";

const at = new Date(Date.UTC(2030, 0, 1)).toISOString();
let sequence = 0;
const uid = (prefix: string) => `${prefix}-${++sequence}`;

describe("concurrency across server instances", () => {
  let tenant: TenantContext;
  const instances: PrismaClient[] = [];

  beforeAll(async () => {
    tenant = await createTenant("concurrency");
    instances.push(createPrismaClient(testDatabaseUrl()), createPrismaClient(testDatabaseUrl()));
  });
  afterAll(async () => {
    await Promise.all(instances.map((client) => client.$disconnect()));
  });

  /** The same conversation's store, opened once on each instance. */
  async function storesOfOneConversation() {
    const { conversation } = await openNewConversationStore(tenant);
    return Promise.all(
      instances.map((db) => PostgresStore.open(db, { organizationId: tenant.organizationId, conversationId: conversation.id })),
    );
  }
  /** `per` concurrent callers on each instance's store. */
  const onEach = <T>(stores: PostgresStore[], per: number, call: (store: PostgresStore, index: number) => Promise<T>) =>
    Promise.all(stores.flatMap((store, instance) => Array.from({ length: per }, (_, index) => call(store, instance * per + index))));

  /**
   * Another instance's transaction holding the conversation's store row lock (`hold`, given its
   * connection and the store's id) while `waiter` starts and waits for that lock inside the function
   * `waitsIn`; then the transaction commits and the waiter's result comes back.
   */
  async function whileAnotherHoldsTheStoreLock<T>(
    conversationId: string,
    hold: (other: pg.Client, storeId: string) => Promise<unknown>,
    waiter: () => Promise<T>,
    waitsIn: string,
  ): Promise<T> {
    const other = new pg.Client({ connectionString: testDatabaseUrl() });
    await other.connect();
    try {
      const {
        rows: [{ id: storeId }],
      } = await other.query<{ id: string }>(
        `SELECT "id" FROM "AgentStore" WHERE "organizationId" = $1 AND "conversationId" = $2 AND "namespace" = ''`,
        [tenant.organizationId, conversationId],
      );
      await other.query("BEGIN");
      await hold(other, storeId);
      const waiting = waiter();
      // Watched from another connection: inside a transaction, pg_stat_activity keeps the snapshot of its first read.
      await eventually(async () => {
        const waiters = await getTestPrisma().$queryRaw<unknown[]>`
          SELECT 1 FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE ${`%${waitsIn}%`}`;
        return waiters.length === 1;
      });
      await other.query("COMMIT");
      return await waiting;
    } finally {
      await other.end();
    }
  }

  it("opening the same store concurrently gives one AgentStore row", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    const stores = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        PostgresStore.open(instances[index % 2], {
          organizationId: tenant.organizationId,
          conversationId: conversation.id,
          namespace: "sub",
        }),
      ),
    );
    await stores[0].appendMessages([{ id: "m", sender: "user", text: "seen by all" }]);
    for (const store of stores) expect(await store.getMessages()).toHaveLength(1);
    expect(await getTestPrisma().agentStore.count({ where: { conversationId: conversation.id } })).toBe(2);
  });

  it("settleSlot: exactly one of many concurrent answers wins, and every caller sees the winner's", async () => {
    for (let round = 0; round < 5; round++) {
      const stores = await storesOfOneConversation();
      const slot: SlotRecord = {
        id: uid("slot"),
        run_id: "run",
        call_id: uid("call"),
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
      };
      await stores[0].createSlot(slot);
      const outcomes = await onEach(stores, 3, (store, index) =>
        store.settleSlot(slot.id, { status: "resolved", value: { choice: index }, settled_at: at }),
      );
      const winners = outcomes.filter((outcome) => outcome?.won);
      expect(winners).toHaveLength(1);
      for (const outcome of outcomes) expect(outcome?.slot.value).toEqual(winners[0]?.slot.value);
    }
  });

  it("createRun: exactly one of many concurrent creators gets the conversation's run", async () => {
    for (let round = 0; round < 5; round++) {
      const stores = await storesOfOneConversation();
      const created = await onEach(stores, 4, (store) => store.createRun({ id: uid("run"), status: "running", created_at: at }));
      expect(created.filter(Boolean)).toHaveLength(1);
      expect(await getTestPrisma().run.count({ where: { store: { conversationId: stores[0].conversationId } } })).toBe(1);
    }
  });

  it("transitionRun: one of many concurrent claims of a suspended run wins", async () => {
    const stores = await storesOfOneConversation();
    const run = { id: uid("run"), status: "running" as const, created_at: at };
    await stores[0].createRun(run);
    await stores[0].transitionRun(run.id, ["running"], "suspended");
    const claims = await onEach(stores, 4, (store) => store.transitionRun(run.id, ["suspended"], "running"));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("enqueueMessage: concurrent senders at the limit never pass it, and deletes free places exactly", async () => {
    const stores = await storesOfOneConversation();
    for (let index = 0; index < 7; index++) await stores[0].enqueueMessage({ id: uid("q"), text: `early ${index}`, created_at: at }, 10);
    const accepted = await onEach(stores, 5, (store, index) =>
      store.enqueueMessage({ id: uid("q"), text: `late ${index}`, created_at: at }, 10),
    );
    expect(accepted.filter(Boolean)).toHaveLength(3);
    const queued = await stores[1].getQueuedMessages();
    expect(queued).toHaveLength(10);

    // Deleting the same messages from both instances at once frees each place once.
    const gone = queued.slice(0, 4).map((message) => message.id);
    await Promise.all(stores.map((store) => store.deleteQueuedMessages(gone)));
    const refill = await onEach(stores, 5, (store, index) =>
      store.enqueueMessage({ id: uid("q"), text: `refill ${index}`, created_at: at }, 10),
    );
    expect(refill.filter(Boolean)).toHaveLength(4);
    expect(await stores[0].getQueuedMessages()).toHaveLength(10);
  });

  it("saveToolCallState: of concurrent results the first done one stands for everyone", async () => {
    const stores = await storesOfOneConversation();
    const callId = uid("call");
    const saved = await onEach(stores, 3, (store, index) =>
      store.saveToolCallState({
        call_id: callId,
        run_id: "run",
        tool_name: "t",
        status: "done",
        result: { status: "success", data: index },
      }),
    );
    const [stored] = await stores[0].getToolCallStates([callId]);
    for (const state of saved) expect(state).toEqual(stored);
  });

  it("createSlot: concurrent pushes of the same wait end up with one slot", async () => {
    const stores = await storesOfOneConversation();
    const callId = uid("call");
    const created = await onEach(stores, 3, (store) =>
      store.createSlot({
        id: uid("slot"),
        run_id: "run",
        call_id: callId,
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
      }),
    );
    expect(new Set(created.map((slot) => slot.id)).size).toBe(1);
    expect(await stores[0].listSlots()).toHaveLength(1);
  });

  it("updateInboxItem with an expected status: one of many concurrent answers wins", async () => {
    const stores = await storesOfOneConversation();
    const id = uid("item");
    await stores[0].addInboxItem({
      id,
      tag: "t",
      request: "r",
      response: null,
      status: "pending",
      blocking: true,
      created_at: at,
      resolved_at: null,
    });
    const changed = await onEach(stores, 3, (store, index) =>
      store.updateInboxItem(id, { status: "resolved", response: `answer ${index}`, resolved_at: at }, "pending"),
    );
    expect(changed.filter(Boolean)).toHaveLength(1);
  });

  it("createRunAndRead waits for a finishing run's lock, then reads the message that run stored last", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    const { organizationId } = tenant;
    const stores = await Promise.all(instances.map((db) => PostgresStore.open(db, { organizationId, conversationId: conversation.id })));
    const finishing = { id: uid("run"), status: "running" as const, created_at: at };
    expect(await stores[0].createRun(finishing)).toBe(true);
    // Another instance's run stores its answer and ends in one transaction, holding the store row's lock.
    const reads = await whileAnotherHoldsTheStoreLock(
      conversation.id,
      async (other, storeId) => {
        await other.query(`SELECT "handoff_append_messages"($1, $2, $3::json, 0, 0)`, [
          storeId,
          organizationId,
          JSON.stringify([
            { messageId: uid("msg"), sender: "agent", text: "the last answer", isCompaction: false, createdAt: "2030-01-01T00:00:00" },
          ]),
        ]);
        await other.query(`UPDATE "Run" SET "status" = 'completed' WHERE "organizationId" = $1 AND "storeId" = $2 AND "id" = $3`, [
          organizationId,
          storeId,
          finishing.id,
        ]);
      },
      () => stores[1].createRunAndRead({ id: uid("run"), status: "running", created_at: at }),
      "handoff_start_run_reading",
    );
    expect(reads?.history.map((message) => message.text)).toEqual(["the last answer"]);
  });

  it("completeRunUnlessWork waits for an enqueue's lock, then keeps the run for the message it queued", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    const { organizationId } = tenant;
    const stores = await Promise.all(instances.map((db) => PostgresStore.open(db, { organizationId, conversationId: conversation.id })));
    const ending = { id: uid("run"), status: "running" as const, created_at: at };
    expect(await stores[0].createRun(ending)).toBe(true);
    // Another instance queues a message in a transaction that holds the store row's lock, as enqueueMessage's statement does.
    const end = await whileAnotherHoldsTheStoreLock(
      conversation.id,
      async (other, storeId) => {
        await other.query(`UPDATE "AgentStore" SET "queuedCount" = "queuedCount" + 1 WHERE "organizationId" = $1 AND "id" = $2`, [
          organizationId,
          storeId,
        ]);
        await other.query(
          `INSERT INTO "QueuedMessage" ("storeId", "id", "organizationId", "text", "createdAt") VALUES ($1, $2, $3, 'one more thing', now())`,
          [storeId, uid("queued"), organizationId],
        );
      },
      () => stores[1].completeRunUnlessWork(ending.id),
      "handoff_run_end_reads",
    );
    expect(end.kind === "work" && end.queued.map((item) => item.text)).toEqual(["one more thing"]);
    expect(await stores[0].getRun(ending.id)).toMatchObject({ status: "running" });
  });

  it("a run's usage is written with the next append or move: another instance sees it then, and a run kept running by work keeps it", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    const { organizationId } = tenant;
    const [writer, reader] = await Promise.all(
      instances.map((db) => PostgresStore.open(db, { organizationId, conversationId: conversation.id })),
    );
    const record = { id: uid("run"), status: "running" as const, created_at: at };
    expect(await writer.createRun(record)).toBe(true);
    await writer.addRunUsage(record.id, { model_steps: 1, effective_tokens: 500 });
    expect(await reader.getRun(record.id)).toMatchObject({ model_steps: 0, effective_tokens: 0 });
    await writer.appendMessages([{ id: uid("msg"), sender: "agent", text: "the reply", created_at: at }]);
    expect(await reader.getRun(record.id)).toMatchObject({ model_steps: 1, effective_tokens: 500 });

    await writer.addRunUsage(record.id, { model_steps: 1, effective_tokens: 70 });
    await reader.enqueueMessage({ id: uid("queued"), text: "one more", created_at: at }, 10);
    expect(await writer.completeRunUnlessWork(record.id)).toMatchObject({ kind: "work" });
    expect(await writer.getRun(record.id)).toMatchObject({ status: "running", model_steps: 2, effective_tokens: 570 });
    await writer.appendMessages([{ id: uid("msg"), sender: "user", text: "one more", created_at: at }]);
    expect(await reader.getRun(record.id)).toMatchObject({ model_steps: 2, effective_tokens: 570 });
  });
});
