import { describe, expect, it } from "vitest";
import { z } from "zod";
import { visibleSlots } from "@/lib/agent/display-manager";
import { ConflictError, NotFoundError, SlotRejectedError, ValidationError } from "@/lib/agent/errors";
import { MemoryStore } from "@/lib/agent/testing";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import { defineTool, failure, success } from "@/lib/agent/tool";
import { expectPairedHistory, makeAgent, transcript } from "./helpers";

/** A refund tool that asks for approval, then acts once per approval, recording side effects. */
function refundTool(sideEffects: string[]) {
  return defineTool({
    name: "refund",
    description: "Refunds an order after approval.",
    inputSchema: z.object({ order: z.string() }),
    displayPropsSchema: z.object({ question: z.string() }),
    resolveSchema: z.object({ approved: z.boolean() }),
    displayStrategy: "hide-on-complete",
    async do(input, display, _glove, _signal, ctx) {
      const answer = await display.pushAndWait({ question: `Refund ${input.order}?` });
      if (!answer.approved) return failure("Not approved.");
      sideEffects.push(`refund ${input.order} (key ${ctx.callId})`);
      return success({ refunded: input.order });
    },
  });
}

describe("durable waits", () => {
  it("suspends on a new wait: a pending slot, a call left waiting, no results stored yet", async () => {
    const effects: string[] = [];
    const { glove, store, recorder } = makeAgent([{ toolCalls: [{ id: "c1", name: "refund", input: { order: "A1" } }] }]);
    glove.fold(refundTool(effects));
    const outcome = await glove.processRequest("Refund A1");
    expect(outcome.status).toBe("suspended");
    const [slot] = await store.listSlots({ status: "pending" });
    expect(slot).toMatchObject({
      call_id: "c1",
      index: 1,
      kind: "wait",
      renderer: "refund",
      props: { question: "Refund A1?" },
      display_strategy: "hide-on-complete",
    });
    expect(outcome).toMatchObject({ slots: [{ id: slot.id }] });
    expect(await store.getToolCallStates(["c1"])).toMatchObject([{ status: "waiting" }]);
    expect(transcript(await store.getMessages())).toEqual(["user:Refund A1", "calls:refund"]);
    expect((await store.getActiveRun())?.status).toBe("suspended");
    expect(recorder.of("slot_push")).toHaveLength(1);
    expect(recorder.of("run_suspended")[0]).toMatchObject({ slot_ids: [slot.id] });
    expect(effects).toEqual([]);
  });

  it("survives a brand-new agent: resolve and continue elsewhere, the side effect happens exactly once", async () => {
    const effects: string[] = [];
    const store = new MemoryStore("shared");
    const first = makeAgent([{ toolCalls: [{ id: "c1", name: "refund", input: { order: "A1" } }] }], { store });
    first.glove.fold(refundTool(effects));
    await first.glove.processRequest("Refund A1");
    const [slot] = await store.listSlots({ status: "pending" });

    // A different instance (say, after a restart) answers and continues.
    const second = makeAgent([{ text: "Refunded A1." }], { store });
    second.glove.fold(refundTool(effects));
    expect(await store.getToolCallStates(["c1"])).toMatchObject([
      { status: "waiting", run_id: first.recorder.of("run_started")[0].run_id },
    ]);
    const answer = await second.glove.resolveSlot(slot.id, { approved: true });
    expect(answer).toMatchObject({ changed: true, continuable: true, slot: { status: "resolved", value: { approved: true } } });
    const outcome = await second.glove.continueRun();
    expect(outcome).toMatchObject({ status: "completed", reply: { text: "Refunded A1." } });
    expect(effects).toEqual(["refund A1 (key c1)"]);

    expect(await store.getToolCallStates(["c1"])).toMatchObject([{ status: "done", result: { status: "success" } }]);
    // Continuing again does nothing: the call is done and never reruns.
    expect(await second.glove.continueRun()).toEqual({ status: "idle" });
    expect(effects).toHaveLength(1);
    const history = await store.getMessages();
    expectPairedHistory(history);
    expect(transcript(history)).toEqual(["user:Refund A1", "calls:refund", "results:refund=success", "agent:Refunded A1."]);
    expect(second.model.requests[0].messages[2].tool_results?.[0].result.data).toEqual({ refunded: "A1" });
    expect(second.recorder.of("run_started")[0].kind).toBe("continuation");
  });

  it("first answer wins: two concurrent different answers, one wins, the other gets a conflict", async () => {
    const { glove, store } = makeAgent([{ toolCalls: [{ name: "refund", input: { order: "A1" } }] }]);
    glove.fold(refundTool([]));
    await glove.processRequest("Refund");
    const [slot] = await store.listSlots({ status: "pending" });
    const outcomes = await Promise.allSettled([
      glove.resolveSlot(slot.id, { approved: true }),
      glove.resolveSlot(slot.id, { approved: false }),
    ]);
    const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toBeInstanceOf(ConflictError);
    expect(lost[0].reason.httpStatus).toBe(409);
  });

  it("a repeat of the same answer is a no-op success", async () => {
    const { glove, store, recorder } = makeAgent([{ toolCalls: [{ name: "refund", input: { order: "A1" } }] }]);
    glove.fold(refundTool([]));
    await glove.processRequest("Refund");
    const [slot] = await store.listSlots({ status: "pending" });
    await glove.resolveSlot(slot.id, { approved: true });
    expect(await glove.resolveSlot(slot.id, { approved: true })).toMatchObject({ changed: false, continuable: false });
    expect(recorder.of("slot_resolved")).toHaveLength(1);
    await expect(glove.rejectSlot(slot.id, "changed my mind")).rejects.toBeInstanceOf(ConflictError);
  });

  it("validates the answer against the tool's resolveSchema before storing it", async () => {
    const { glove, store } = makeAgent([{ toolCalls: [{ name: "refund", input: { order: "A1" } }] }]);
    glove.fold(refundTool([]));
    await glove.processRequest("Refund");
    const [slot] = await store.listSlots({ status: "pending" });
    const error = await glove.resolveSlot(slot.id, { approved: "yes" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain("approved");
    expect((await store.getSlot(slot.id))?.status).toBe("pending");
    await expect(glove.resolveSlot("nope", {})).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a rejected card reaches the tool as SlotRejectedError; the model sees why", async () => {
    let seen: unknown;
    const { glove, store, model } = makeAgent([{ toolCalls: [{ name: "ask", input: {} }] }, { text: "Understood." }]);
    glove.fold({
      name: "ask",
      description: "Asks.",
      do: async (_input, display) => {
        try {
          await display.pushAndWait({ question: "ok?" });
          return success("yes");
        } catch (error) {
          seen = error;
          throw error;
        }
      },
    });
    await glove.processRequest("go");
    const [slot] = await store.listSlots({ status: "pending" });
    expect(await glove.rejectSlot(slot.id, "Too expensive")).toMatchObject({ continuable: true });
    await glove.continueRun();
    expect(seen).toBeInstanceOf(SlotRejectedError);
    expect(model.requests[1].messages[2].tool_results?.[0].result).toMatchObject({
      status: "error",
      message: expect.stringContaining("Too expensive"),
    });
  });

  it("several waits in one step: all cards appear, the run continues only when the last is settled", async () => {
    const effects: string[] = [];
    const { glove, store, model } = makeAgent([
      {
        toolCalls: [
          { id: "a", name: "refund", input: { order: "A" } },
          { id: "b", name: "refund", input: { order: "B" } },
        ],
      },
      { text: "Both handled." },
    ]);
    glove.fold(refundTool(effects));
    const outcome = await glove.processRequest("Refund A and B");
    expect(outcome).toMatchObject({ status: "suspended" });
    const slots = await store.listSlots({ status: "pending" });
    expect(slots.map((slot) => slot.call_id)).toEqual(["a", "b"]);

    expect(await glove.resolveSlot(slots[0].id, { approved: true })).toMatchObject({ continuable: false });
    expect(await glove.continueRun()).toMatchObject({ status: "suspended" });
    expect(effects).toEqual([]);
    expect(model.requests).toHaveLength(1);

    expect(await glove.resolveSlot(slots[1].id, { approved: false })).toMatchObject({ continuable: true });
    expect(await glove.continueRun()).toMatchObject({ status: "completed" });
    expect(effects).toEqual(["refund A (key a)"]);
    const results = (await store.getMessages())[2].tool_results!;
    expect(results.map((result) => [result.call_id, result.result.status])).toEqual([
      ["a", "success"],
      ["b", "error"],
    ]);
    expect(model.requests[1].messages.filter((message) => message.tool_results)).toHaveLength(1);
  });

  it("a call done before a sibling's wait never reruns during continuation", async () => {
    let plainRuns = 0;
    const { glove, store } = makeAgent([
      {
        toolCalls: [
          { id: "p", name: "plain", input: {} },
          { id: "w", name: "refund", input: { order: "W" } },
        ],
      },
      { text: "ok" },
    ]);
    glove.fold({ name: "plain", description: "Plain.", do: async () => success(++plainRuns) });
    glove.fold(refundTool([]));
    await glove.processRequest("go");
    const [slot] = await store.listSlots({ status: "pending" });
    await glove.resolveSlot(slot.id, { approved: true });
    await glove.continueRun();
    expect(plainRuns).toBe(1);
    expect((await store.getMessages())[2].tool_results?.[0].result.data).toBe(1);
  });

  it("a second wait in the same call gets its own slot; earlier waits return their stored value", async () => {
    const asked: string[] = [];
    const { glove, store } = makeAgent([{ toolCalls: [{ name: "interview", input: {} }] }, { text: "Thanks." }]);
    glove.fold(
      defineTool({
        name: "interview",
        description: "Two questions.",
        resolveSchema: z.string(),
        async do(_input, display) {
          const name = await display.pushAndWait({ q: "name" });
          asked.push(`got name ${name}`);
          const city = await display.pushAndWait({ q: "city" });
          return success({ name, city });
        },
      }),
    );
    await glove.processRequest("go");
    const [first] = await store.listSlots({ status: "pending" });
    await glove.resolveSlot(first.id, "Ada");
    expect(await glove.continueRun()).toMatchObject({ status: "suspended" });
    const [second] = await store.listSlots({ status: "pending" });
    expect(second).toMatchObject({ index: 2, props: { q: "city" } });
    await glove.resolveSlot(second.id, "London");
    await glove.continueRun();
    expect((await store.getMessages())[2].tool_results?.[0].result.data).toEqual({ name: "Ada", city: "London" });
    expect(asked).toEqual(["got name Ada", "got name Ada"]);
  });

  it("a tool that swallows the suspension is still waiting", async () => {
    const { glove, store } = makeAgent([{ toolCalls: [{ name: "careless", input: {} }] }]);
    glove.fold({
      name: "careless",
      description: "Catches everything.",
      do: async (_input, display) => {
        try {
          await display.pushAndWait({});
        } catch {
          return failure("gave up");
        }
        return success("answered");
      },
    });
    expect((await glove.processRequest("go")).status).toBe("suspended");
    expect(transcript(await store.getMessages())).toEqual(["user:go", "calls:careless"]);
  });

  it("pushAndForget shows a card once, even when the call is re-executed", async () => {
    const { glove, store, recorder } = makeAgent([{ toolCalls: [{ name: "notify", input: {} }] }, { text: "ok" }]);
    glove.fold({
      name: "notify",
      description: "Shows progress, then asks.",
      do: async (_input, display) => {
        const id = await display.pushAndForget({ progress: "started" });
        await display.pushAndWait({ confirm: true });
        return success({ id });
      },
    });
    await glove.processRequest("go");
    const pending = await store.listSlots({ status: "pending" });
    await glove.resolveSlot(pending[0].id, true);
    await glove.continueRun();
    const forgets = (await store.listSlots()).filter((slot) => slot.kind === "forget");
    expect(forgets).toHaveLength(1);
    expect(forgets[0].status).toBe("shown");
    expect(recorder.of("slot_push")).toHaveLength(2);
    await expect(glove.resolveSlot(forgets[0].id, 1)).rejects.toBeInstanceOf(ValidationError);
  });

  it("expired slots are settled as rejected so the agent moves on", async () => {
    let now = new Date("2030-01-01T00:00:00Z");
    const { glove, store, model } = makeAgent([{ toolCalls: [{ name: "refund", input: { order: "A1" } }] }, { text: "Nobody answered." }], {
      slotTtlMs: 60_000,
      now: () => now,
    });
    glove.fold(refundTool([]));
    await glove.processRequest("Refund");
    const [slot] = await store.listSlots({ status: "pending" });
    expect(slot.expires_at).toBe("2030-01-01T00:01:00.000Z");
    expect(await glove.expireSlots()).toEqual({ expired: [], continuable: false });
    now = new Date("2030-01-01T00:01:00Z");
    const expiry = await glove.expireSlots();
    expect(expiry).toMatchObject({ expired: [{ id: slot.id, status: "expired" }], continuable: true });
    await glove.continueRun();
    expect(model.requests[1].messages[2].tool_results?.[0].result).toMatchObject({
      status: "error",
      message: expect.stringContaining("expired"),
    });
  });

  it("a resolution that lands before the run is marked suspended still gets continued", async () => {
    const store = new MemoryStore("race");
    const { glove } = makeAgent([{ toolCalls: [{ name: "refund", input: { order: "A1" } }] }, { text: "Done." }], { store });
    const effects: string[] = [];
    glove.fold(refundTool(effects));
    // Answer the card from "another instance" the moment it is pushed, while this run still runs.
    glove.addSubscriber({
      record: async (type, data) => {
        if (type !== "slot_push") return;
        const other = makeAgent([], { store });
        other.glove.fold(refundTool(effects));
        const answer = await other.glove.resolveSlot((data as { slot: SlotRecord }).slot.id, { approved: true });
        expect(answer.continuable).toBe(true);
        // The run is still "running" here, so this instance cannot take it over yet.
        expect(await other.glove.continueRun()).toMatchObject({ status: "busy" });
      },
    });
    const outcome = await glove.processRequest("Refund");
    expect(outcome).toMatchObject({ status: "completed", reply: { text: "Done." } });
    expect(effects).toEqual(["refund A1 (key scripted_0_0)"]);
  });

  it("abort dismisses the run's pending cards and closes its open calls", async () => {
    const { glove, store, recorder } = makeAgent([{ toolCalls: [{ id: "a", name: "refund", input: { order: "A" } }] }, { text: "next" }]);
    glove.fold(refundTool([]));
    await glove.processRequest("Refund");
    expect(await glove.abort()).toMatchObject({ status: "aborted" });
    expect(await store.listSlots({ status: "pending" })).toEqual([]);
    expect((await store.listSlots())[0].status).toBe("dismissed");
    const history = await store.getMessages();
    expectPairedHistory(history);
    expect(history[2].tool_results?.[0].result).toMatchObject({ status: "error", message: expect.stringContaining("Stopped") });
    expect(recorder.types()).toContain("run_aborted");
    expect(await store.getActiveRun()).toBeNull();
    expect(await glove.abort()).toEqual({ status: "not_active" });
    expect((await glove.processRequest("again")).status).toBe("completed");
  });

  it("continueRun reports a still-waiting run without running anything", async () => {
    const { glove, store, model } = makeAgent([{ toolCalls: [{ name: "refund", input: { order: "A" } }] }]);
    glove.fold(refundTool([]));
    await glove.processRequest("Refund");
    const outcome = await glove.continueRun();
    expect(outcome).toMatchObject({ status: "suspended", slots: [{ status: "pending" }] });
    expect(model.requests).toHaveLength(1);
    expect((await store.getActiveRun())?.status).toBe("suspended");
  });

  it("visibleSlots applies the display strategies", () => {
    const base = {
      run_id: "r",
      index: 1,
      kind: "wait",
      renderer: "x",
      props: {},
      status: "resolved",
      created_at: "",
      expires_at: null,
      settled_at: null,
    } as const;
    const slots: SlotRecord[] = [
      { ...base, id: "stay", call_id: "c1", tool_name: "a", display_strategy: "stay" },
      { ...base, id: "done", call_id: "c2", tool_name: "a", display_strategy: "hide-on-complete" },
      { ...base, id: "open", call_id: "c3", tool_name: "a", display_strategy: "hide-on-complete" },
      { ...base, id: "old", call_id: "c4", tool_name: "b", display_strategy: "hide-on-new" },
      { ...base, id: "new", call_id: "c5", tool_name: "b", display_strategy: "hide-on-new" },
      { ...base, id: "gone", call_id: "c6", tool_name: "a", display_strategy: "stay", status: "dismissed" },
    ];
    expect(visibleSlots(slots, new Set(["c2"])).map((slot) => slot.id)).toEqual(["stay", "open", "new"]);
  });
});
