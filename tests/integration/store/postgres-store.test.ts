// What the contract cannot see: behaviour particular to PostgresStore.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type PrismaClient } from "@/lib/db/client";
import { PostgresStore } from "@/lib/db/postgres-store";
import type { TenantContext } from "@/lib/db/tenant-context";
import { testDatabaseUrl } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "./support";

describe("PostgresStore", () => {
  let tenant: TenantContext;
  let otherInstance: PrismaClient;
  beforeAll(async () => {
    tenant = await createTenant("store");
    otherInstance = createPrismaClient(testDatabaseUrl());
  });
  afterAll(() => otherInstance.$disconnect());

  const elsewhere = (store: PostgresStore) =>
    PostgresStore.open(otherInstance, { organizationId: tenant.organizationId, conversationId: store.conversationId });

  it("a conversation is created with its store, and opening that store writes nothing", async () => {
    const { conversation, store } = await openNewConversationStore(tenant);
    const version = () =>
      otherInstance.$queryRaw<
        { id: string; xmin: string }[]
      >`SELECT "id", xmin::text FROM "AgentStore" WHERE "conversationId" = ${conversation.id}`;
    const before = await version();
    expect(before).toHaveLength(1);
    await elsewhere(store);
    await PostgresStore.open(otherInstance, { organizationId: tenant.organizationId, conversationId: conversation.id });
    expect(await version()).toEqual(before);
  });

  it("writes counters with the next append or run transition, where other instances see them", async () => {
    const { store } = await openNewConversationStore(tenant);
    const other = await elsewhere(store);
    await store.addTokens({ tokens_in: 10, tokens_out: 5 });
    await store.incrementTurn();
    expect([await store.getTokenCount(), await store.getTurnCount()]).toEqual([15, 1]);
    expect([await other.getTokenCount(), await other.getTurnCount()]).toEqual([0, 0]);

    await store.appendMessages([{ id: "reply", sender: "agent", text: "Hi" }]);
    expect([await other.getTokenCount(), await other.getTurnCount()]).toEqual([15, 1]);
    expect([await store.getTokenCount(), await store.getTurnCount()]).toEqual([15, 1]);

    await store.createRun({ id: "run", status: "running", created_at: new Date().toISOString() });
    await store.addTokens({ tokens_in: 1, tokens_out: 1 });
    await store.transitionRun("run", ["running"], "completed");
    expect(await other.getTokenCount()).toBe(17);
    await store.addTokens({ tokens_in: 3, tokens_out: 0 });
    await store.resetCounters();
    await store.appendMessages([{ id: "after-reset", sender: "user", text: "x" }]);
    expect(await other.getTokenCount()).toBe(0);
  });

  it("gives the model back exactly the JSON it produced: key order and UTC timestamps", async () => {
    const { store } = await openNewConversationStore(tenant);
    await store.appendMessages([
      {
        id: "calls",
        sender: "agent",
        text: "",
        tool_calls: [{ id: "c", tool_name: "search", input_args: { zeta: 1, alpha: { y: 2, b: 3 } } }],
        created_at: "2030-01-01T02:00:00.000+02:00",
      },
    ]);
    const [stored] = await (await elsewhere(store)).getMessages();
    expect(JSON.stringify(stored.tool_calls)).toBe('[{"id":"c","tool_name":"search","input_args":{"zeta":1,"alpha":{"y":2,"b":3}}}]');
    expect(stored.created_at).toBe("2030-01-01T00:00:00.000Z");
  });

  it("names sub-stores under their parent and refuses a nameless one", async () => {
    const { store } = await openNewConversationStore(tenant);
    const child = await store.createSubAgentStore("researcher", true);
    expect(child.identifier).toBe(`${store.conversationId}/researcher`);
    expect((await child.createSubAgentStore("notes", true)).identifier).toBe(`${store.conversationId}/researcher/notes`);
    expect((await store.createSubAgentStore("scratch")).identifier).toMatch(new RegExp(`^${store.conversationId}/scratch#`));
    await expect(store.createSubAgentStore("", true)).rejects.toThrow(/namespace/);
  });
});
