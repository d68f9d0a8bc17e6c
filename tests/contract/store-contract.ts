import { describe, expect, it } from "vitest";
import type { Message } from "@/lib/agent/messages";
import { permissionInputKey } from "@/lib/agent/permissions";
import type { InboxItem, QueuedMessage, RunRecord, SlotRecord, StoreAdapter, Task, ToolCallState } from "@/lib/agent/store-adapter";

/**
 * The StoreAdapter contract as tests. Call it from a test file with a factory that returns a
 * fresh, empty store for each test (for Postgres: a new conversation in a migrated database):
 *
 *   defineStoreContract("PostgresStore", async () => createPostgresStoreForTest());
 *
 * Only the interface is used, so every implementation must pass unchanged.
 */
export function defineStoreContract(
  name: string,
  makeStore: () => Promise<StoreAdapter>,
  /** A person who may answer cards (for Postgres: a real user, since a card's answerer references it). */
  people: { answererId: string } = { answererId: "user-answerer" },
) {
  let sequence = 0;
  const uid = (prefix: string) =>
    `${prefix}-${Date.now().toString(36)}-${(sequence++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const at = (second: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, second)).toISOString();

  const message = (text: string, extra: Partial<Message> = {}): Message => ({
    id: uid("msg"),
    sender: "user",
    text,
    created_at: at(0),
    ...extra,
  });
  const run = (extra: Partial<RunRecord> = {}): RunRecord => ({ id: uid("run"), status: "running", created_at: at(0), ...extra });
  const inboxItem = (extra: Partial<InboxItem> = {}): InboxItem => ({
    id: uid("inbox"),
    tag: "payment",
    request: "Confirm the payment",
    response: null,
    status: "pending",
    blocking: true,
    created_at: at(0),
    resolved_at: null,
    ...extra,
  });
  const slot = (extra: Partial<SlotRecord> = {}): SlotRecord => ({
    id: uid("slot"),
    run_id: "run-1",
    call_id: uid("call"),
    index: 1,
    kind: "wait",
    tool_name: "approve",
    renderer: "approve",
    props: { amount: 10, nested: { list: [1, 2] } },
    display_strategy: "stay",
    status: "pending",
    created_at: at(0),
    expires_at: null,
    settled_at: null,
    ...extra,
  });
  const callState = (extra: Partial<ToolCallState> = {}): ToolCallState => ({
    call_id: uid("call"),
    run_id: "run-1",
    tool_name: "lookup",
    status: "waiting",
    ...extra,
  });
  const queued = (text: string): QueuedMessage => ({ id: uid("queued"), text, created_at: at(0) });
  /** An agent's tool call and the result that answers it, every kind of field filled. */
  const lookupExchange = (): [Message, Message] => [
    {
      id: uid("msg"),
      sender: "agent",
      text: "",
      tool_calls: [{ id: "c1", tool_name: "lookup", input_args: { q: "x", deep: { a: [1, null] } } }],
      created_at: at(1),
    },
    message("", {
      tool_results: [{ tool_name: "lookup", call_id: "c1", result: { status: "success", data: { n: 1 }, renderData: { rows: [1] } } }],
    }),
  ];
  const finishActiveRun = async (store: StoreAdapter) => {
    const active = await store.getActiveRun();
    expect(active && (await store.transitionRun(active.id, ["running"], "completed"))).toBe(true);
  };

  describe(`StoreAdapter contract: ${name}`, () => {
    it("has an identifier", async () => {
      const store = await makeStore();
      expect(typeof store.identifier).toBe("string");
      expect(store.identifier.length).toBeGreaterThan(0);
    });

    describe("messages", () => {
      it("starts empty and returns appended messages in order, with every field", async () => {
        const store = await makeStore();
        expect(await store.getMessages()).toEqual([]);
        const first = message("hello", { images: [{ media_type: "image/png", data: "aGk=" }] });
        const [second, third] = lookupExchange();
        await store.appendMessages([first, second]);
        await store.appendMessages([third, message("summary", { is_compaction: true, pre_modified_text: "raw" })]);
        const stored = await store.getMessages();
        expect(stored.map((item) => item.text)).toEqual(["hello", "", "", "summary"]);
        expect(stored[0]).toEqual(first);
        expect(stored[1]).toEqual(second);
        expect(stored[2]).toEqual(third);
        expect(stored[3].is_compaction).toBe(true);
        expect(stored[3].pre_modified_text).toBe("raw");
      });

      it("skips a message whose id is already stored (replays are harmless)", async () => {
        const store = await makeStore();
        const first = message("once");
        await store.appendMessages([first]);
        await store.appendMessages([first, message("new")]);
        await store.appendMessages([{ ...first, text: "changed" }]);
        expect((await store.getMessages()).map((item) => item.text)).toEqual(["once", "new"]);
      });

      it("skips a duplicate id within one batch", async () => {
        const store = await makeStore();
        const first = message("once");
        await store.appendMessages([first, first]);
        expect(await store.getMessages()).toHaveLength(1);
      });

      it("stores by value", async () => {
        const store = await makeStore();
        const original = message("original");
        await store.appendMessages([original]);
        original.text = "mutated after append";
        const read = await store.getMessages();
        read[0].text = "mutated after read";
        expect((await store.getMessages())[0].text).toBe("original");
      });
    });

    describe("branches", () => {
      const texts = async (store: StoreAdapter) => (await store.getMessages()).map((item) => item.text);
      const finish = async (store: StoreAdapter, runId: string) => {
        expect(await store.transitionRun(runId, ["running"], "completed")).toBe(true);
      };

      it("a run started with a branch makes its messages siblings; the active path is the history", async () => {
        const store = await makeStore();
        const [question, answer] = [message("question"), message("answer", { sender: "agent" })];
        await store.appendMessages([question, answer]);
        const regenerate = run();
        expect(await store.createRun(regenerate, { leaf: question.id! })).toBe(true);
        expect(await texts(store)).toEqual(["question"]);
        const second = message("second answer", { sender: "agent" });
        await store.appendMessages([second]);
        expect(await texts(store)).toEqual(["question", "second answer"]);
        expect(await store.getBranchPoints()).toEqual([{ message_id: second.id, siblings: [answer.id, second.id] }]);
        await finish(store, regenerate.id);
      });

      it("a branch before the first message (an edit of it) leaves the old path whole", async () => {
        const store = await makeStore();
        const [first, reply] = [message("first"), message("reply", { sender: "agent" })];
        await store.appendMessages([first, reply]);
        const edit = run();
        expect(await store.createRun(edit, { leaf: null })).toBe(true);
        const edited = message("first, edited");
        await store.appendMessages([edited]);
        expect(await texts(store)).toEqual(["first, edited"]);
        await finish(store, edit.id);
        expect(await store.switchBranch(first.id!)).toBe("switched");
        expect(await texts(store)).toEqual(["first", "reply"]);
        expect(await store.getBranchPoints()).toEqual([{ message_id: first.id, siblings: [first.id, edited.id] }]);
      });

      it("switching goes down to the newest descendant, and appends after a switch continue that path", async () => {
        const store = await makeStore();
        const [question, answer, followUp] = [message("q"), message("a1", { sender: "agent" }), message("follow-up")];
        await store.appendMessages([question, answer, followUp]);
        const regenerate = run();
        await store.createRun(regenerate, { leaf: question.id! });
        const second = message("a2", { sender: "agent" });
        await store.appendMessages([second]);
        await finish(store, regenerate.id);
        expect(await store.switchBranch(answer.id!)).toBe("switched");
        expect(await texts(store)).toEqual(["q", "a1", "follow-up"]);
        await store.appendMessages([message("more")]);
        expect(await texts(store)).toEqual(["q", "a1", "follow-up", "more"]);
        expect(await store.switchBranch(question.id!)).toBe("switched");
        expect(await texts(store)).toEqual(["q", "a2"]);
      });

      it("refuses a switch while a run is active, and an unknown message", async () => {
        const store = await makeStore();
        const first = message("first");
        await store.appendMessages([first]);
        expect(await store.switchBranch("no-such-message")).toBe("not_found");
        const active = run();
        await store.createRun(active);
        expect(await store.switchBranch(first.id!)).toBe("busy");
      });

      it("a branch is not started while a run is active (the leaf stays), nor at an unknown message", async () => {
        const store = await makeStore();
        const [first, second] = [message("first"), message("second")];
        await store.appendMessages([first, second]);
        await store.createRun(run());
        expect(await store.createRun(run(), { leaf: first.id! })).toBe(false);
        expect(await texts(store)).toEqual(["first", "second"]);
        await expect(store.createRun(run(), { leaf: "no-such-message" })).rejects.toThrow(/not found/);
      });

      it("finds a finished, successful call's result only off the active path, by canonical input", async () => {
        const store = await makeStore();
        const question = message("send it");
        const call = { id: uid("call"), tool_name: "send_email", input_args: { to: "a@example.com", subject: "Hi" } };
        await store.appendMessages([question, message("", { sender: "agent", tool_calls: [call] })]);
        await store.saveToolCallState(
          callState({ call_id: call.id, tool_name: "send_email", status: "done", result: { status: "success", data: { sent: 1 } } }),
        );
        const failed = { id: uid("call"), tool_name: "send_email", input_args: { to: "b@example.com" } };
        await store.appendMessages([message("", { sender: "agent", tool_calls: [failed] })]);
        await store.saveToolCallState(
          callState({ call_id: failed.id, tool_name: "send_email", status: "done", result: { status: "error", data: null } }),
        );
        const key = permissionInputKey({ subject: "Hi", to: "a@example.com" });
        expect(await store.findOffPathToolResult("send_email", key, null)).toBeNull();
        const regenerate = run();
        await store.createRun(regenerate, { leaf: question.id! });
        expect(await store.findOffPathToolResult("send_email", key, null)).toEqual({ status: "success", data: { sent: 1 } });
        // Only under the fork: the call hangs under the question, not under a message elsewhere.
        expect(await store.findOffPathToolResult("send_email", key, question.id!)).toEqual({ status: "success", data: { sent: 1 } });
        expect(await store.findOffPathToolResult("send_email", key, "no-such-message")).toBeNull();
        expect(
          await store.findOffPathToolResult("send_email", permissionInputKey({ to: "a@example.com", subject: "Hello" }), null),
        ).toBeNull();
        expect(await store.findOffPathToolResult("send_email", permissionInputKey({ to: "b@example.com" }), null)).toBeNull();
        expect(await store.findOffPathToolResult("other_tool", key, null)).toBeNull();
      });
    });

    describe("counters", () => {
      it("sums tokens in and out, counts turns, and resets both without touching messages", async () => {
        const store = await makeStore();
        expect(await store.getTokenCount()).toBe(0);
        expect(await store.getTurnCount()).toBe(0);
        await store.addTokens({ tokens_in: 100, tokens_out: 20 });
        await store.addTokens({ tokens_in: 5, tokens_out: 1, cache_read_tokens: 50 });
        await store.incrementTurn();
        await store.incrementTurn();
        await store.appendMessages([message("kept")]);
        expect(await store.getTokenCount()).toBe(126);
        expect(await store.getTurnCount()).toBe(2);
        await store.resetCounters();
        expect(await store.getTokenCount()).toBe(0);
        expect(await store.getTurnCount()).toBe(0);
        expect(await store.getMessages()).toHaveLength(1);
      });
    });

    describe("tasks", () => {
      const tasks: Task[] = [
        { id: "t1", content: "Run tests", activeForm: "Running tests", status: "in_progress" },
        { id: "t2", content: "Ship", activeForm: "Shipping", status: "pending" },
      ];

      it("addTasks replaces the whole list, in order", async () => {
        const store = await makeStore();
        expect(await store.getTasks()).toEqual([]);
        await store.addTasks(tasks);
        expect(await store.getTasks()).toEqual(tasks);
        await store.addTasks([tasks[1]]);
        expect(await store.getTasks()).toEqual([tasks[1]]);
      });

      it("updateTask patches one task; an unknown id is a no-op", async () => {
        const store = await makeStore();
        await store.addTasks(tasks);
        await store.updateTask("t1", { status: "completed" });
        await store.updateTask("missing", { status: "completed" });
        expect(await store.getTasks()).toEqual([{ ...tasks[0], status: "completed" }, tasks[1]]);
      });
    });

    describe("permissions", () => {
      it("returns null when unset and keeps the tool-wide and per-input scopes apart", async () => {
        const store = await makeStore();
        expect(await store.getPermission("deploy", null)).toBeNull();
        await store.setPermission({ tool_name: "deploy", input_key: '{"env":"staging"}', status: "granted" });
        expect(await store.getPermission("deploy", null)).toBeNull();
        expect(await store.getPermission("deploy", '{"env":"prod"}')).toBeNull();
        expect(await store.getPermission("other", '{"env":"staging"}')).toBeNull();
        expect(await store.getPermission("deploy", '{"env":"staging"}')).toMatchObject({ tool_name: "deploy", status: "granted" });
        await store.setPermission({ tool_name: "deploy", input_key: null, status: "denied", reason: "Frozen" });
        expect(await store.getPermission("deploy", null)).toMatchObject({ status: "denied", reason: "Frozen" });
      });

      it("upserts by (tool, input key)", async () => {
        const store = await makeStore();
        await store.setPermission({ tool_name: "deploy", input_key: null, status: "granted" });
        await store.setPermission({ tool_name: "deploy", input_key: null, status: "denied", reason: "No" });
        expect(await store.getPermission("deploy", null)).toMatchObject({ status: "denied", reason: "No" });
      });

      it("keeps a person's records apart from the organization's, and upserts by (tool, input key, person)", async () => {
        const store = await makeStore();
        const key = '{"env":"prod"}';
        await store.setPermission({ tool_name: "deploy", input_key: key, user_id: "u1", status: "granted", granted_by: "u1" });
        expect(await store.getPermission("deploy", key)).toBeNull();
        expect(await store.getPermission("deploy", key, null)).toBeNull();
        expect(await store.getPermission("deploy", key, "u2")).toBeNull();
        expect(await store.getPermission("deploy", key, "u1")).toMatchObject({
          tool_name: "deploy",
          input_key: key,
          user_id: "u1",
          status: "granted",
          granted_by: "u1",
        });
        await store.setPermission({ tool_name: "deploy", input_key: key, status: "granted", granted_by: "admin" });
        expect(await store.getPermission("deploy", key)).toMatchObject({ user_id: null, granted_by: "admin" });
        await store.setPermission({ tool_name: "deploy", input_key: key, user_id: "u1", status: "denied", reason: "No" });
        expect(await store.getPermission("deploy", key, "u1")).toMatchObject({ status: "denied", reason: "No" });
        expect(await store.getPermission("deploy", key)).toMatchObject({ status: "granted" });
      });

      it("is shared with sub-stores in both directions (permissions belong to the tenant)", async () => {
        const store = await makeStore();
        const child = await store.createSubAgentStore("helper", false);
        await store.setPermission({ tool_name: "deploy", input_key: null, status: "granted" });
        expect(await child.getPermission("deploy", null)).toMatchObject({ status: "granted" });
        await child.setPermission({ tool_name: "email", input_key: null, status: "granted" });
        expect(await store.getPermission("email", null)).toMatchObject({ status: "granted" });
      });
    });

    describe("inbox", () => {
      it("lists every item in creation order", async () => {
        const store = await makeStore();
        const first = inboxItem({ tag: "a" });
        const second = inboxItem({ tag: "b", blocking: false });
        await store.addInboxItem(first);
        await store.addInboxItem(second);
        // A store may add what it keeps of its own (Postgres: the public id and the optional fields as null).
        expect(await store.getInboxItems()).toMatchObject([first, second]);
      });

      it("keeps the structured fields the agent set and who resolved an item", async () => {
        const store = await makeStore();
        const item = inboxItem({
          correlation_key: "ORD-7",
          response_schema: { type: "object", required: ["approved"] },
          expires_at: at(60),
        });
        await store.addInboxItem(item);
        const resolver = { kind: "api_key" as const, id: "key-1", name: "Billing" };
        await store.updateInboxItem(item.id, { status: "resolved", response: "yes", resolved_at: at(5), resolved_by: resolver }, "pending");
        expect((await store.getInboxItems())[0]).toMatchObject({
          correlation_key: "ORD-7",
          response_schema: { type: "object", required: ["approved"] },
          expires_at: at(60),
          status: "resolved",
          resolved_by: resolver,
        });
      });

      it("updates conditionally on the expected status: the first answer wins", async () => {
        const store = await makeStore();
        const item = inboxItem();
        await store.addInboxItem(item);
        const answer = (response: string) =>
          store.updateInboxItem(item.id, { status: "resolved", response, resolved_at: at(5) }, "pending");
        const results = await Promise.all([answer("yes"), answer("no")]);
        expect(results.filter(Boolean)).toHaveLength(1);
        const stored = (await store.getInboxItems())[0];
        expect(stored.status).toBe("resolved");
        expect(stored.response).toBe(results[0] ? "yes" : "no");
        expect(stored.resolved_at).toBe(at(5));
        expect(await store.updateInboxItem("missing", { status: "resolved" }, "pending")).toBe(false);
      });

      it("updates unconditionally without an expected status", async () => {
        const store = await makeStore();
        const item = inboxItem({ status: "resolved", response: "old" });
        await store.addInboxItem(item);
        expect(await store.updateInboxItem(item.id, { response: "new" })).toBe(true);
        expect((await store.getInboxItems())[0].response).toBe("new");
      });

      it("returns only resolved items and consumes only resolved ones", async () => {
        const store = await makeStore();
        const pending = inboxItem();
        const resolvedA = inboxItem({ status: "resolved", response: "a", resolved_at: at(1) });
        const resolvedB = inboxItem({ status: "resolved", response: "b", resolved_at: at(2) });
        for (const item of [pending, resolvedA, resolvedB]) await store.addInboxItem(item);
        expect((await store.getResolvedInboxItems()).map((item) => item.id)).toEqual([resolvedA.id, resolvedB.id]);
        await store.markInboxConsumed([resolvedA.id, pending.id]);
        const byId = new Map((await store.getInboxItems()).map((item) => [item.id, item.status]));
        expect(byId.get(resolvedA.id)).toBe("consumed");
        expect(byId.get(pending.id)).toBe("pending");
        expect(byId.get(resolvedB.id)).toBe("resolved");
        expect((await store.getResolvedInboxItems()).map((item) => item.id)).toEqual([resolvedB.id]);
      });

      it("tells the agent of an expired or cancelled item once: it keeps its status and gets consumed_at", async () => {
        const store = await makeStore();
        const expired = inboxItem({ status: "expired" });
        const cancelled = inboxItem({ status: "cancelled" });
        for (const item of [expired, cancelled]) await store.addInboxItem(item);
        expect((await store.getResolvedInboxItems()).map((item) => item.id)).toEqual([expired.id, cancelled.id]);
        await store.markInboxConsumed([expired.id], at(9));
        const items = new Map((await store.getInboxItems()).map((item) => [item.id, item]));
        expect(items.get(expired.id)).toMatchObject({ status: "expired", consumed_at: at(9) });
        expect(items.get(cancelled.id)?.consumed_at ?? null).toBeNull();
        expect((await store.getResolvedInboxItems()).map((item) => item.id)).toEqual([cancelled.id]);
      });
    });

    describe("sub-stores", () => {
      it("isolate messages, counters, tasks, inbox, runs, call states, slots and the queue in both directions", async () => {
        const store = await makeStore();
        const child = await store.createSubAgentStore("researcher", true);
        await child.appendMessages([message("child")]);
        await child.addTokens({ tokens_in: 3, tokens_out: 4 });
        await child.incrementTurn();
        await child.addTasks([{ id: "t", content: "c", activeForm: "a", status: "pending" }]);
        await child.addInboxItem(inboxItem());
        expect(await child.createRun(run())).toBe(true);
        const state = await child.saveToolCallState(callState());
        const childSlot = await child.createSlot(slot());
        expect(await child.enqueueMessage(queued("child"), 10)).toBe(true);

        expect(await store.getMessages()).toEqual([]);
        expect(await store.getTokenCount()).toBe(0);
        expect(await store.getTurnCount()).toBe(0);
        expect(await store.getTasks()).toEqual([]);
        expect(await store.getInboxItems()).toEqual([]);
        expect(await store.getActiveRun()).toBeNull();
        expect(await store.getToolCallStates([state.call_id])).toEqual([]);
        expect(await store.getSlot(childSlot.id)).toBeNull();
        expect(await store.listSlots()).toEqual([]);
        expect(await store.getQueuedMessages()).toEqual([]);
        expect(await store.createRun(run())).toBe(true);

        await store.appendMessages([message("parent")]);
        expect((await child.getMessages()).map((item) => item.text)).toEqual(["child"]);
      });

      it("durable: the same namespace gives the same data; other namespaces are separate", async () => {
        const store = await makeStore();
        const first = await store.createSubAgentStore("researcher", true);
        await first.appendMessages([message("remembered")]);
        const again = await store.createSubAgentStore("researcher", true);
        expect((await again.getMessages()).map((item) => item.text)).toEqual(["remembered"]);
        const other = await store.createSubAgentStore("writer", true);
        expect(await other.getMessages()).toEqual([]);
      });

      it("not durable: a fresh, empty store every call", async () => {
        const store = await makeStore();
        const first = await store.createSubAgentStore("scratch", false);
        await first.appendMessages([message("gone")]);
        const second = await store.createSubAgentStore("scratch", false);
        expect(await second.getMessages()).toEqual([]);
      });

      it("can nest", async () => {
        const store = await makeStore();
        const child = await store.createSubAgentStore("child", true);
        const grandchild = await child.createSubAgentStore("grandchild", true);
        await grandchild.appendMessages([message("deep")]);
        expect(await child.getMessages()).toEqual([]);
        expect((await (await child.createSubAgentStore("grandchild", true)).getMessages()).map((item) => item.text)).toEqual(["deep"]);
      });
    });

    describe("runs", () => {
      it("creates a running run and reads it back", async () => {
        const store = await makeStore();
        const record = run();
        expect(await store.createRun(record)).toBe(true);
        expect(await store.getRun(record.id)).toMatchObject({ id: record.id, status: "running" });
        expect(await store.getActiveRun()).toMatchObject({ id: record.id, status: "running" });
        expect(await store.getRun("missing")).toBeNull();
      });

      it("keeps who started a run", async () => {
        const store = await makeStore();
        const record = { ...run(), started_by: "user-1" };
        expect(await store.createRun(record)).toBe(true);
        expect(await store.getRun(record.id)).toMatchObject({ started_by: "user-1" });
        expect(await store.getActiveRun()).toMatchObject({ started_by: "user-1" });
      });

      it("forgets who started a run when asked (someone else joined it), and nothing else", async () => {
        const store = await makeStore();
        const record = { ...run(), started_by: "user-1" };
        await store.createRun(record);
        await store.forgetRunStarter(record.id);
        await store.forgetRunStarter("missing-run");
        const after = await store.getRun(record.id);
        expect(after?.started_by).toBeUndefined();
        expect(after).toMatchObject({ id: record.id, status: record.status });
      });

      it("allows one active run: refused while running or suspended, allowed once it is final", async () => {
        const store = await makeStore();
        const first = run();
        expect(await store.createRun(first)).toBe(true);
        expect(await store.createRun(run())).toBe(false);
        expect(await store.transitionRun(first.id, ["running"], "suspended")).toBe(true);
        expect(await store.createRun(run())).toBe(false);
        expect((await store.getActiveRun())?.status).toBe("suspended");
        expect(await store.transitionRun(first.id, ["suspended"], "completed")).toBe(true);
        expect(await store.getActiveRun()).toBeNull();
        const second = run();
        expect(await store.createRun(second)).toBe(true);
        expect((await store.getActiveRun())?.id).toBe(second.id);
      });

      it("refuses a second run with the same id", async () => {
        const store = await makeStore();
        const record = run();
        await store.createRun(record);
        await store.transitionRun(record.id, ["running"], "completed");
        expect(await store.createRun(record)).toBe(false);
      });

      it("lets exactly one of many concurrent creators win", async () => {
        const store = await makeStore();
        const results = await Promise.all(Array.from({ length: 8 }, () => store.createRun(run())));
        expect(results.filter(Boolean)).toHaveLength(1);
      });

      it("createRunAndRead: starts the run like createRun and reads exactly what getMessages and getQueueAndInbox read", async () => {
        const store = await makeStore();
        expect(await store.createRunAndRead(run())).toEqual({ history: [], queued: [], inbox: [] });
        await finishActiveRun(store);
        const question = message("hello", { images: [{ media_type: "image/png", data: "aGk=" }], created_at: "2026-03-04T05:06:07.890Z" });
        const [call, result] = lookupExchange();
        await store.appendMessages([question, call, result, message("summary", { is_compaction: true, pre_modified_text: "raw" })]);
        // A branch off the tool's result: the history is the active path only.
        const regenerate = run();
        expect(await store.createRun(regenerate, { leaf: result.id! })).toBe(true);
        await store.appendMessages([message("the other answer", { sender: "agent" })]);
        await store.transitionRun(regenerate.id, ["running"], "completed");
        await store.enqueueMessage({ ...queued("from a person"), sent_by: "user-2", created_at: "2026-03-04T05:06:08.000Z" }, 10);
        const answered = inboxItem({ correlation_key: "ORD-7", expires_at: at(60) });
        await store.addInboxItem(answered);
        await store.updateInboxItem(answered.id, { status: "resolved", response: "paid", resolved_at: at(5) });

        const record = { ...run(), started_by: "user-1" };
        const reads = await store.createRunAndRead(record);
        expect(await store.getActiveRun()).toMatchObject({ id: record.id, status: "running", started_by: "user-1" });
        expect(reads).toEqual({ history: await store.getMessages(), ...(await store.getQueueAndInbox()) });
        expect(reads?.history.map((item) => item.text)).toEqual(["hello", "", "", "the other answer"]);
        expect(reads?.history.slice(0, 3)).toEqual([question, call, result]);
        expect(reads?.queued.map((item) => item.sent_by)).toEqual(["user-2"]);
        expect(reads?.inbox).toEqual([expect.objectContaining({ id: answered.id, status: "resolved", response: "paid" })]);
      });

      it("createRunAndRead: null while a run is active, and stores nothing", async () => {
        const store = await makeStore();
        const first = run();
        expect(await store.createRun(first)).toBe(true);
        const refused = run();
        expect(await store.createRunAndRead(refused)).toBeNull();
        await store.transitionRun(first.id, ["running"], "suspended");
        expect(await store.createRunAndRead(run())).toBeNull();
        expect(await store.getRun(refused.id)).toBeNull();
        expect((await store.getActiveRun())?.id).toBe(first.id);
      });

      it("createRunAndRead: exactly one of many concurrent creators gets the run and the reads", async () => {
        const store = await makeStore();
        await store.appendMessages([message("before")]);
        const results = await Promise.all(Array.from({ length: 8 }, () => store.createRunAndRead(run())));
        const won = results.filter((reads) => reads !== null);
        expect(won).toHaveLength(1);
        expect(won[0]?.history.map((item) => item.text)).toEqual(["before"]);
      });

      it("completeRunUnlessWork: completes a running run when nothing is queued or to be told, and says whether a blocking item still waits", async () => {
        const store = await makeStore();
        const quiet = run();
        await store.createRun(quiet);
        await store.addTokens({ tokens_in: 30, tokens_out: 12 });
        await store.incrementTurn();
        expect(await store.completeRunUnlessWork(quiet.id)).toEqual({ kind: "completed", awaitingInbox: false });
        expect(await store.getRun(quiet.id)).toMatchObject({ status: "completed" });
        expect(await store.getActiveRun()).toBeNull();
        expect(await store.getTokenCount()).toBe(42);
        expect(await store.getTurnCount()).toBe(1);

        const waiting = run();
        await store.createRun(waiting);
        await store.addInboxItem(inboxItem({ blocking: true }));
        await store.addInboxItem(inboxItem({ blocking: false, status: "consumed", consumed_at: at(3) }));
        expect(await store.completeRunUnlessWork(waiting.id)).toEqual({ kind: "completed", awaitingInbox: true });
        expect(await store.getRun(waiting.id)).toMatchObject({ status: "completed" });
      });

      it("completeRunUnlessWork: a queued message or an item to tell keeps the run running and comes back as getQueueAndInbox reads it", async () => {
        const store = await makeStore();
        const steered = run();
        await store.createRun(steered);
        await store.addTokens({ tokens_in: 5, tokens_out: 5 });
        await store.enqueueMessage({ ...queued("one more thing"), sent_by: "user-2" }, 10);
        const withQueue = await store.completeRunUnlessWork(steered.id);
        expect(withQueue).toEqual({ kind: "work", ...(await store.getQueueAndInbox()) });
        expect(withQueue.kind === "work" && withQueue.queued.map((item) => item.text)).toEqual(["one more thing"]);
        expect(await store.getRun(steered.id)).toMatchObject({ status: "running" });
        // Counters not written by a completion that did not happen still count.
        expect(await store.getTokenCount()).toBe(10);
        await store.deleteQueuedMessages((await store.getQueuedMessages()).map((item) => item.id));

        for (const settled of [
          { status: "resolved", response: "paid", resolved_at: at(5) },
          { status: "expired", resolved_at: at(6) },
          { status: "cancelled", resolved_at: at(7) },
        ] as const) {
          const item = inboxItem();
          await store.addInboxItem(item);
          await store.updateInboxItem(item.id, settled, "pending");
          const end = await store.completeRunUnlessWork(steered.id);
          expect(end).toMatchObject({ kind: "work", queued: [] });
          expect(end.kind === "work" && end.inbox.find((told) => told.id === item.id)).toMatchObject({ status: settled.status });
          expect(await store.getRun(steered.id)).toMatchObject({ status: "running" });
          await store.markInboxConsumed([item.id], at(8));
        }
        expect(await store.completeRunUnlessWork(steered.id)).toEqual({ kind: "completed", awaitingInbox: false });
      });

      it("completeRunUnlessWork: stores the messages given first, under the leaf and once, whatever the end finds", async () => {
        const store = await makeStore();
        await store.appendMessages([message("hello")]);
        const ending = run();
        await store.createRun(ending);
        await store.addTokens({ tokens_in: 7, tokens_out: 3 });
        const reply = message("hi there", { sender: "agent", run_id: ending.id });
        expect(await store.completeRunUnlessWork(ending.id, [reply])).toEqual({ kind: "completed", awaitingInbox: false });
        expect(await store.getMessages()).toEqual([expect.objectContaining({ text: "hello" }), reply]);
        expect(await store.getTokenCount()).toBe(10);

        const steered = run();
        await store.createRun(steered);
        await store.addTokens({ tokens_in: 1, tokens_out: 1 });
        await store.enqueueMessage(queued("and another"), 10);
        const second = message("second reply", { sender: "agent", run_id: steered.id });
        expect(await store.completeRunUnlessWork(steered.id, [second, reply])).toMatchObject({ kind: "work" });
        expect((await store.getMessages()).map((stored) => stored.text)).toEqual(["hello", "hi there", "second reply"]);
        expect(await store.getRun(steered.id)).toMatchObject({ status: "running" });
        expect(await store.getTokenCount()).toBe(12);
        // The counters went with the messages: completing now adds none twice.
        await store.deleteQueuedMessages((await store.getQueuedMessages()).map((item) => item.id));
        expect(await store.completeRunUnlessWork(steered.id)).toMatchObject({ kind: "completed" });
        expect(await store.getTokenCount()).toBe(12);

        const gone = message("too late", { sender: "agent" });
        expect(await store.completeRunUnlessWork(steered.id, [gone])).toEqual({ kind: "not_running" });
        expect((await store.getMessages()).at(-1)).toEqual(gone);
      });

      it("completeRunUnlessWork: a run that is not running stays as it is", async () => {
        const store = await makeStore();
        const suspended = run();
        await store.createRun(suspended);
        await store.transitionRun(suspended.id, ["running"], "suspended");
        expect(await store.completeRunUnlessWork(suspended.id)).toEqual({ kind: "not_running" });
        expect(await store.getRun(suspended.id)).toMatchObject({ status: "suspended" });
        expect(await store.completeRunUnlessWork("missing")).toEqual({ kind: "not_running" });
      });

      it("transitions conditionally, records an error, and lets one concurrent claimer win", async () => {
        const store = await makeStore();
        const record = run();
        await store.createRun(record);
        expect(await store.transitionRun(record.id, ["suspended"], "running")).toBe(false);
        expect(await store.transitionRun("missing", ["running"], "failed")).toBe(false);
        await store.transitionRun(record.id, ["running"], "suspended");
        const claims = await Promise.all([1, 2, 3].map(() => store.transitionRun(record.id, ["suspended"], "running")));
        expect(claims.filter(Boolean)).toHaveLength(1);
        expect(await store.transitionRun(record.id, ["running", "suspended"], "failed", "The model is down.")).toBe(true);
        expect(await store.getRun(record.id)).toMatchObject({ status: "failed", error: "The model is down." });
      });

      it("starts a run's usage at zero and adds to it, in any status; an unknown run takes nothing", async () => {
        const store = await makeStore();
        const record = run();
        await store.createRun(record);
        expect(await store.getRun(record.id)).toMatchObject({ model_steps: 0, effective_tokens: 0 });
        await store.addRunUsage(record.id, { model_steps: 1, effective_tokens: 1200 });
        expect(await store.getActiveRun()).toMatchObject({ model_steps: 1, effective_tokens: 1200 });
        await store.appendMessages([message("the reply", { sender: "agent" })]);
        expect(await store.getRun(record.id)).toMatchObject({ model_steps: 1, effective_tokens: 1200 });
        await store.addRunUsage(record.id, { model_steps: 1, effective_tokens: 100 });
        await store.transitionRun(record.id, ["running"], "failed", "The model is down.");
        await store.addRunUsage(record.id, { model_steps: 0, effective_tokens: 30 });
        expect(await store.getRun(record.id)).toMatchObject({ model_steps: 2, effective_tokens: 1330 });
        await store.addRunUsage("missing", { model_steps: 1, effective_tokens: 1 });
        expect(await store.getRun("missing")).toBeNull();
      });

      it("a run's usage survives every way a run moves on: suspended, continued, kept running by work, completed", async () => {
        const store = await makeStore();
        const record = run();
        await store.createRun(record);
        await store.addRunUsage(record.id, { model_steps: 1, effective_tokens: 10 });
        await store.transitionRun(record.id, ["running"], "suspended");
        await store.transitionRun(record.id, ["suspended"], "running");
        await store.addRunUsage(record.id, { model_steps: 1, effective_tokens: 20 });
        await store.enqueueMessage(queued("wait, one more"), 10);
        expect(await store.completeRunUnlessWork(record.id)).toMatchObject({ kind: "work" });
        await store.deleteQueuedMessages((await store.getQueuedMessages()).map((item) => item.id));
        await store.addRunUsage(record.id, { model_steps: 1, effective_tokens: 40 });
        expect(await store.completeRunUnlessWork(record.id)).toMatchObject({ kind: "completed" });
        expect(await store.getRun(record.id)).toMatchObject({ status: "completed", model_steps: 3, effective_tokens: 70 });
      });

      it("adds concurrent usage without losing any (a subagent and its parent charge one run)", async () => {
        const store = await makeStore();
        const record = run();
        await store.createRun(record);
        await Promise.all(Array.from({ length: 8 }, () => store.addRunUsage(record.id, { model_steps: 1, effective_tokens: 10 })));
        expect(await store.getActiveRun()).toMatchObject({ model_steps: 8, effective_tokens: 80 });
      });
    });

    describe("tool call states", () => {
      it("saves, reads back and omits unknown ids", async () => {
        const store = await makeStore();
        const waiting = callState();
        expect(await store.saveToolCallState(waiting)).toEqual(waiting);
        expect(await store.getToolCallStates([waiting.call_id, "missing"])).toEqual([waiting]);
        expect(await store.getToolCallStates([])).toEqual([]);
      });

      it("upserts until done; done is final", async () => {
        const store = await makeStore();
        const state = callState();
        await store.saveToolCallState(state);
        const done = { ...state, status: "done" as const, result: { status: "success" as const, data: { ok: 1 }, renderData: { r: 1 } } };
        expect(await store.saveToolCallState(done)).toEqual(done);
        const overwrite = { ...state, status: "done" as const, result: { status: "error" as const, data: null, message: "late" } };
        expect(await store.saveToolCallState(overwrite)).toEqual(done);
        expect(await store.saveToolCallState({ ...state, status: "waiting" })).toEqual(done);
        expect(await store.getToolCallStates([state.call_id])).toEqual([done]);
      });
    });

    describe("slots", () => {
      it("creates and reads a slot by id and by (call id, index)", async () => {
        const store = await makeStore();
        const record = slot({ expires_at: at(30) });
        expect(await store.createSlot(record)).toEqual(record);
        expect(await store.getSlot(record.id)).toEqual(record);
        expect(await store.getSlotByCall(record.call_id, record.index)).toEqual(record);
        expect(await store.getSlotByCall(record.call_id, record.index + 1)).toBeNull();
        expect(await store.getSlot("missing")).toBeNull();
      });

      it("is idempotent on (call id, index): a second push returns the first slot", async () => {
        const store = await makeStore();
        const first = slot();
        await store.createSlot(first);
        const duplicate = slot({ call_id: first.call_id, index: first.index, props: { other: true } });
        expect(await store.createSlot(duplicate)).toEqual(first);
        expect(await store.getSlot(duplicate.id)).toBeNull();
        const racers = Array.from({ length: 5 }, () => slot({ call_id: "race", index: 0 }));
        const created = await Promise.all(racers.map((candidate) => store.createSlot(candidate)));
        expect(new Set(created.map((candidate) => candidate.id)).size).toBe(1);
        expect(await store.listSlots()).toHaveLength(2);
      });

      it("lists slots oldest first, filtered by run and status", async () => {
        const store = await makeStore();
        const a = slot({ run_id: "r1", created_at: at(1) });
        const b = slot({ run_id: "r1", kind: "forget", status: "shown", created_at: at(2) });
        const c = slot({ run_id: "r2", created_at: at(3) });
        for (const record of [a, b, c]) await store.createSlot(record);
        expect((await store.listSlots()).map((record) => record.id)).toEqual([a.id, b.id, c.id]);
        expect((await store.listSlots({ runId: "r1" })).map((record) => record.id)).toEqual([a.id, b.id]);
        expect((await store.listSlots({ status: "pending" })).map((record) => record.id)).toEqual([a.id, c.id]);
        expect((await store.listSlots({ runId: "r1", status: "pending" })).map((record) => record.id)).toEqual([a.id]);
      });

      it("settles first-answer-wins and reports the stored slot to the loser", async () => {
        const store = await makeStore();
        const record = await store.createSlot(slot());
        const first = await store.settleSlot(record.id, { status: "resolved", value: { choice: "a" }, settled_at: at(5) });
        expect(first).toMatchObject({ won: true, slot: { status: "resolved", value: { choice: "a" }, settled_at: at(5) } });
        const second = await store.settleSlot(record.id, { status: "resolved", value: { choice: "b" }, settled_at: at(6) });
        expect(second).toMatchObject({ won: false, slot: { status: "resolved", value: { choice: "a" }, settled_at: at(5) } });
        const rejected = await store.settleSlot(record.id, { status: "rejected", reason: "No", settled_at: at(7) });
        expect(rejected?.won).toBe(false);
        expect(await store.settleSlot("missing", { status: "rejected", reason: "x", settled_at: at(1) })).toBeNull();
      });

      it("keeps who answered or declined a card with the settlement, and the winner's when a later answer loses", async () => {
        const store = await makeStore();
        const ann = { user_id: people.answererId, name: "Ann Lee" };
        const answered = await store.createSlot(slot());
        const won = await store.settleSlot(answered.id, {
          status: "resolved",
          value: { choice: "a" },
          settled_at: at(5),
          answered_by: ann,
        });
        expect(won?.slot.answered_by).toEqual(ann);
        const lost = await store.settleSlot(answered.id, {
          status: "resolved",
          value: { choice: "b" },
          settled_at: at(6),
          answered_by: { user_id: null, name: "Someone Else" },
        });
        expect(lost).toMatchObject({ won: false, slot: { value: { choice: "a" }, answered_by: ann } });
        const declined = await store.createSlot(slot());
        await store.settleSlot(declined.id, { status: "rejected", reason: "Not now", settled_at: at(7), answered_by: ann });
        const nobody = await store.createSlot(slot());
        await store.settleSlot(nobody.id, { status: "resolved", value: 1, settled_at: at(8) });
        const expiring = await store.createSlot(slot({ expires_at: at(9) }));
        await store.expireSlots(at(10));
        const byId = new Map((await store.listSlots()).map((record) => [record.id, record]));
        expect(byId.get(answered.id)?.answered_by).toEqual(ann);
        expect(byId.get(declined.id)).toMatchObject({ status: "rejected", reason: "Not now", answered_by: ann });
        expect(byId.get(nobody.id)).not.toHaveProperty("answered_by");
        expect(byId.get(expiring.id)).toMatchObject({ status: "expired" });
        expect(byId.get(expiring.id)).not.toHaveProperty("answered_by");
        expect(await store.getSlot(answered.id)).toEqual(byId.get(answered.id));
      });

      it("stores a permission decision's grant with the settlement, and only when that settlement won", async () => {
        const store = await makeStore();
        const record = await store.createSlot(slot());
        const decision = (inputKey: string) => ({
          decision: "allow_input_always" as const,
          decided_by: null,
          tool_name: "deploy",
          input_key: inputKey,
          scope: "organization" as const,
          grant: { tool_name: "deploy", input_key: inputKey, status: "granted" as const },
        });
        expect(await store.settleSlot(record.id, { status: "resolved", value: "a", settled_at: at(1) }, decision('{"v":1}'))).toMatchObject(
          { won: true },
        );
        expect(await store.getPermission("deploy", '{"v":1}')).toMatchObject({ status: "granted" });
        expect(await store.settleSlot(record.id, { status: "resolved", value: "b", settled_at: at(2) }, decision('{"v":2}'))).toMatchObject(
          { won: false },
        );
        expect(await store.getPermission("deploy", '{"v":2}')).toBeNull();
      });

      it("files a decision's request and stores a standing denial with the settlement, only when it won", async () => {
        const store = await makeStore();
        const asked = await store.createSlot(slot());
        const request = {
          decision: "request_organization" as const,
          decided_by: "u1",
          tool_name: "release",
          input_key: '{"v":1}',
          scope: "call" as const,
          request: { tool_name: "release", input_key: null, requested_by: "u1" },
        };
        expect(await store.getPermissionRequest(asked.id)).toBeNull();
        expect((await store.settleSlot(asked.id, { status: "resolved", value: "a", settled_at: at(1) }, request))?.won).toBe(true);
        expect((await store.settleSlot(asked.id, { status: "resolved", value: "b", settled_at: at(2) }, request))?.won).toBe(false);
        expect(await store.getPermissionRequest(asked.id)).toEqual({
          tool_name: "release",
          input_key: null,
          requested_by: "u1",
          slot_id: asked.id,
          status: "pending",
          decided_by: null,
        });
        expect(await store.getPermission("release", null)).toBeNull();

        const denied = await store.createSlot(slot({ call_id: "call-denied" }));
        const never = {
          decision: "deny_always" as const,
          decided_by: "u1",
          tool_name: "release",
          input_key: '{"v":1}',
          scope: "person" as const,
          reason: "Not mine",
          grant: { tool_name: "release", input_key: null, user_id: "u1", status: "denied" as const, reason: "Not mine", granted_by: "u1" },
        };
        expect((await store.settleSlot(denied.id, { status: "resolved", value: "n", settled_at: at(3) }, never))?.won).toBe(true);
        expect(await store.getPermission("release", null, "u1")).toMatchObject({ status: "denied", reason: "Not mine", granted_by: "u1" });
        expect(await store.getPermission("release", null)).toBeNull();
        expect(await store.getPermissionRequest(denied.id)).toBeNull();
      });

      it("lets exactly one of many concurrent settlements win", async () => {
        const store = await makeStore();
        const record = await store.createSlot(slot());
        const outcomes = await Promise.all(
          ["a", "b", "c", "d"].map((choice) => store.settleSlot(record.id, { status: "resolved", value: choice, settled_at: at(1) })),
        );
        const winners = outcomes.filter((outcome) => outcome?.won);
        expect(winners).toHaveLength(1);
        const stored = await store.getSlot(record.id);
        expect(stored?.value).toBe(winners[0]?.slot.value);
        for (const outcome of outcomes) expect(outcome?.slot.value).toBe(stored?.value);
      });

      it("rejects with a reason and does not settle a forget slot", async () => {
        const store = await makeStore();
        const wait = await store.createSlot(slot());
        expect(await store.settleSlot(wait.id, { status: "rejected", reason: "Not now", settled_at: at(2) })).toMatchObject({
          won: true,
          slot: { status: "rejected", reason: "Not now" },
        });
        const forget = await store.createSlot(slot({ kind: "forget", status: "shown" }));
        expect((await store.settleSlot(forget.id, { status: "resolved", value: 1, settled_at: at(2) }))?.won).toBe(false);
      });

      it("dismisses only the given run's pending slots", async () => {
        const store = await makeStore();
        const pendingMine = await store.createSlot(slot({ run_id: "mine" }));
        const settledMine = await store.createSlot(slot({ run_id: "mine" }));
        await store.settleSlot(settledMine.id, { status: "resolved", value: true, settled_at: at(1) });
        const forgetMine = await store.createSlot(slot({ run_id: "mine", kind: "forget", status: "shown" }));
        const pendingOther = await store.createSlot(slot({ run_id: "other" }));
        const dismissed = await store.dismissPendingSlots("mine", at(9));
        expect(dismissed.map((record) => record.id)).toEqual([pendingMine.id]);
        expect(dismissed[0]).toMatchObject({ status: "dismissed", settled_at: at(9) });
        expect((await store.getSlot(pendingMine.id))?.status).toBe("dismissed");
        expect((await store.getSlot(settledMine.id))?.status).toBe("resolved");
        expect((await store.getSlot(forgetMine.id))?.status).toBe("shown");
        expect((await store.getSlot(pendingOther.id))?.status).toBe("pending");
        expect(await store.dismissPendingSlots("mine", at(10))).toEqual([]);
      });

      it("expires pending slots that are due, and nothing else", async () => {
        const store = await makeStore();
        const due = await store.createSlot(slot({ expires_at: at(10) }));
        const exactlyNow = await store.createSlot(slot({ expires_at: at(20) }));
        const later = await store.createSlot(slot({ expires_at: at(40) }));
        const never = await store.createSlot(slot({ expires_at: null }));
        const answered = await store.createSlot(slot({ expires_at: at(5) }));
        await store.settleSlot(answered.id, { status: "resolved", value: 1, settled_at: at(4) });
        const expired = await store.expireSlots(at(20));
        expect(expired.map((record) => record.id).sort()).toEqual([due.id, exactlyNow.id].sort());
        expect(expired.every((record) => record.status === "expired" && record.settled_at === at(20))).toBe(true);
        expect((await store.getSlot(later.id))?.status).toBe("pending");
        expect((await store.getSlot(never.id))?.status).toBe("pending");
        expect((await store.getSlot(answered.id))?.status).toBe("resolved");
        expect((await store.settleSlot(due.id, { status: "resolved", value: 1, settled_at: at(21) }))?.won).toBe(false);
      });

      it("stores props and values by value", async () => {
        const store = await makeStore();
        const record = slot();
        await store.createSlot(record);
        (record.props as { amount: number }).amount = 999;
        expect(((await store.getSlot(record.id))?.props as { amount: number }).amount).toBe(10);
      });
    });

    describe("steering queue", () => {
      it("keeps messages in order and deletes by id", async () => {
        const store = await makeStore();
        const [a, b, c] = [queued("a"), queued("b"), queued("c")];
        for (const item of [a, b, c]) expect(await store.enqueueMessage(item, 10)).toBe(true);
        expect(await store.getQueuedMessages()).toEqual([a, b, c]);
        await store.deleteQueuedMessages([a.id, "missing", c.id]);
        expect(await store.getQueuedMessages()).toEqual([b]);
      });

      it("keeps who sent a queued message", async () => {
        const store = await makeStore();
        const sent = { ...queued("from a person"), sent_by: "user-2" };
        const anonymous = queued("from a key");
        await store.enqueueMessage(sent, 10);
        await store.enqueueMessage(anonymous, 10);
        expect(await store.getQueuedMessages()).toEqual([sent, anonymous]);
      });

      it("reads the queue and the inbox together exactly as each alone, every field and date kept", async () => {
        const store = await makeStore();
        expect(await store.getQueueAndInbox()).toEqual({ queued: [], inbox: [] });
        const sent = { ...queued("from a person"), sent_by: "user-2", created_at: "2026-03-04T05:06:07.890Z" };
        await store.enqueueMessage(sent, 10);
        await store.enqueueMessage({ ...queued("on the second"), created_at: "2026-03-04T05:06:08.000Z" }, 10);
        const answered = inboxItem({ correlation_key: "ORD-7", response_schema: { type: "object" }, expires_at: at(60) });
        await store.addInboxItem(answered);
        await store.addInboxItem(inboxItem({ tag: "later", blocking: false }));
        const resolver = { kind: "api_key" as const, id: "key-1", name: "Billing" };
        await store.updateInboxItem(answered.id, { status: "resolved", response: "paid", resolved_at: at(5), resolved_by: resolver });
        await store.markInboxConsumed([answered.id], at(7));
        const together = await store.getQueueAndInbox();
        expect(together).toEqual({ queued: await store.getQueuedMessages(), inbox: await store.getInboxItems() });
        expect(together.queued.map((message) => message.text)).toEqual(["from a person", "on the second"]);
        expect(together.inbox.map((item) => item.tag)).toEqual(["payment", "later"]);
      });

      it("refuses beyond the limit, also under concurrency", async () => {
        const store = await makeStore();
        const results = await Promise.all(Array.from({ length: 15 }, (_, index) => store.enqueueMessage(queued(`m${index}`), 10)));
        expect(results.filter(Boolean)).toHaveLength(10);
        expect(await store.getQueuedMessages()).toHaveLength(10);
        expect(await store.enqueueMessage(queued("late"), 10)).toBe(false);
        await store.deleteQueuedMessages([(await store.getQueuedMessages())[0].id]);
        expect(await store.enqueueMessage(queued("fits again"), 10)).toBe(true);
      });
    });

    describe("isolation between stores", () => {
      it("two stores from the factory (two conversations) share no messages or runs", async () => {
        const first = await makeStore();
        const second = await makeStore();
        await first.appendMessages([message("first only")]);
        await first.createRun(run());
        expect(await second.getMessages()).toEqual([]);
        expect(await second.getActiveRun()).toBeNull();
      });
    });
  });
}
