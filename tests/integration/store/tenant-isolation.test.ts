// One tenant can reach nothing of another through the store, the conversation queries or the run
// events, even when both use the same record ids; the database itself refuses mixed-tenant rows.
import { beforeAll, describe, expect, it } from "vitest";
import { NotFoundError } from "@/lib/agent/errors";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import { deleteConversation, getConversation, listConversations, renameConversation } from "@/lib/db/conversations";
import { PostgresStore } from "@/lib/db/postgres-store";
import { listRunEventsAfter } from "@/lib/db/run-events";
import { appendRunEvents } from "@/tests/integration/support/run-events";
import type { TenantContext } from "@/lib/db/tenant-context";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "./support";

const at = new Date(Date.UTC(2030, 0, 1)).toISOString();
const slot = (extra: Partial<SlotRecord> = {}): SlotRecord => ({
  id: "slot-1",
  run_id: "run-1",
  call_id: "call-1",
  index: 1,
  kind: "wait",
  tool_name: "approve",
  renderer: "approve",
  props: { amount: 1 },
  display_strategy: "stay",
  status: "pending",
  created_at: at,
  expires_at: null,
  settled_at: null,
  ...extra,
});

describe("tenant isolation", () => {
  let a: TenantContext;
  let b: TenantContext;
  beforeAll(async () => {
    a = await createTenant("alpha");
    b = await createTenant("bravo");
  });

  it("refuses to open another tenant's conversation", async () => {
    const { conversation } = await openNewConversationStore(a);
    await expect(
      PostgresStore.open(getTestPrisma(), { organizationId: b.organizationId, conversationId: conversation.id }),
    ).rejects.toThrow(NotFoundError);
    await expect(PostgresStore.open(getTestPrisma(), { organizationId: b.organizationId, conversationId: "missing" })).rejects.toThrow(
      NotFoundError,
    );
    expect(await getTestPrisma().agentStore.count({ where: { organizationId: b.organizationId } })).toBe(0);
  });

  it("keeps records with the same ids apart", async () => {
    const { store: mine } = await openNewConversationStore(a);
    const { store: theirs } = await openNewConversationStore(b);
    for (const store of [mine, theirs]) {
      await store.appendMessages([{ id: "m-1", sender: "user", text: `${store === mine ? "A" : "B"} says hi` }]);
      await store.createRun({ id: "run-1", status: "running", created_at: at });
      await store.createSlot(slot({ props: { owner: store === mine ? "A" : "B" } }));
      await store.saveToolCallState({ call_id: "call-1", run_id: "run-1", tool_name: "approve", status: "waiting" });
      await store.addInboxItem({
        id: "item-1",
        tag: "t",
        request: "r",
        response: null,
        status: "pending",
        blocking: true,
        created_at: at,
        resolved_at: null,
      });
      await store.enqueueMessage({ id: "q-1", text: "queued", created_at: at }, 10);
      await store.addTasks([{ id: "t-1", content: "c", activeForm: "a", status: "pending" }]);
      await store.addTokens({ tokens_in: 5, tokens_out: 5 });
    }

    expect(await mine.settleSlot("slot-1", { status: "resolved", value: "A's answer", settled_at: at })).toMatchObject({ won: true });
    expect(await mine.transitionRun("run-1", ["running"], "completed")).toBe(true);
    expect(await mine.updateInboxItem("item-1", { status: "resolved", response: "yes" }, "pending")).toBe(true);
    await mine.saveToolCallState({
      call_id: "call-1",
      run_id: "run-1",
      tool_name: "approve",
      status: "done",
      result: { status: "success", data: "A" },
    });
    await mine.deleteQueuedMessages(["q-1"]);
    await mine.updateTask("t-1", { status: "completed" });
    await mine.resetCounters();

    expect((await theirs.getMessages()).map((message) => message.text)).toEqual(["B says hi"]);
    expect(await theirs.getSlot("slot-1")).toMatchObject({ status: "pending", props: { owner: "B" } });
    expect(await theirs.getActiveRun()).toMatchObject({ id: "run-1", status: "running" });
    expect(await theirs.getInboxItems()).toMatchObject([{ status: "pending" }]);
    expect(await theirs.getToolCallStates(["call-1"])).toMatchObject([{ status: "waiting" }]);
    expect(await theirs.getQueuedMessages()).toHaveLength(1);
    expect(await theirs.getTasks()).toMatchObject([{ status: "pending" }]);
    expect(await theirs.getTokenCount()).toBe(10);
  });

  it("applies a tenant's permissions to all its conversations and to no other tenant", async () => {
    const { store: mine } = await openNewConversationStore(a);
    const { store: mineToo } = await openNewConversationStore(a);
    const { store: theirs } = await openNewConversationStore(b);
    await mine.setPermission({ tool_name: "deploy", input_key: null, status: "granted" });
    await mine.setPermission({ tool_name: "deploy", input_key: '{"env":"prod"}', status: "denied", reason: "Not prod." });
    expect(await mineToo.getPermission("deploy", null)).toMatchObject({ status: "granted" });
    expect(await (await mineToo.createSubAgentStore("helper", true)).getPermission("deploy", '{"env":"prod"}')).toMatchObject({
      status: "denied",
    });
    expect(await theirs.getPermission("deploy", null)).toBeNull();
    expect(await theirs.getPermission("deploy", '{"env":"prod"}')).toBeNull();
  });

  it("scopes every conversation query to the tenant", async () => {
    const { conversation } = await openNewConversationStore(a);
    expect(await getConversation(b, conversation.id)).toBeNull();
    expect((await listConversations(b)).conversations.map((item) => item.id)).not.toContain(conversation.id);
    expect(await renameConversation(b, conversation.id, "Taken over")).toBeNull();
    expect(await deleteConversation(b, conversation.id)).toBe(false);
    expect(await getConversation(a, conversation.id)).toMatchObject({ title: "New conversation" });
  });

  it("scopes run events to the tenant", async () => {
    const { conversation } = await openNewConversationStore(a);
    await appendRunEvents(a.organizationId, conversation.id, "run-1", [{ type: "text_delta", data: { text: "secret" } }]);
    expect(await listRunEventsAfter(b, conversation.id, 0)).toEqual([]);
    expect(await listRunEventsAfter(b.organizationId, conversation.id, 0)).toEqual([]);
    await expect(appendRunEvents(b.organizationId, conversation.id, "run-1", [{ type: "text_delta", data: {} }])).rejects.toThrow(
      NotFoundError,
    );
    expect(await listRunEventsAfter(a, conversation.id, 0)).toHaveLength(1);
  });

  it("has the database refuse a row whose tenant differs from its store's", async () => {
    const { store } = await openNewConversationStore(a);
    const storeRow = await getTestPrisma().agentStore.findFirstOrThrow({ where: { conversationId: store.conversationId } });
    await expect(
      getTestPrisma().message.create({
        data: { storeId: storeRow.id, organizationId: b.organizationId, sender: "user", text: "smuggled" },
      }),
    ).rejects.toThrow(/foreign key/i);
  });
});
