import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StoredRunEvent } from "@/lib/db/run-events";
import { RunEventRecorder, type PendingRunEvent } from "@/lib/server/events/run-event-recorder";

/** A recorder over an in-memory event log, with a controllable clock. */
function harness(options: { writeDelayMs?: number } = {}) {
  const written: StoredRunEvent[] = [];
  const published: StoredRunEvent[] = [];
  let clock = 0;
  const recorder = new RunEventRecorder({
    async writeBatch(events: PendingRunEvent[]) {
      if (options.writeDelayMs) await new Promise((resolve) => setTimeout(resolve, options.writeDelayMs));
      const stored = events.map((event, index) => ({ ...event, seq: written.length + index + 1, createdAt: "" }));
      written.push(...stored);
      return stored;
    },
    publish: (event) => published.push(event),
    onError: (error) => {
      throw error;
    },
    flushIntervalMs: 50,
    now: () => clock,
  });
  return {
    recorder,
    written,
    published,
    advance: async (ms: number) => {
      clock += ms;
      await vi.advanceTimersByTimeAsync(ms);
    },
  };
}

const summary = (events: StoredRunEvent[]) =>
  events.map((event) => (event.type === "text_delta" ? `text:${(event.data as { text: string }).text}` : event.type));

describe("RunEventRecorder", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("writes the first delta at once, then one coalesced delta per interval", async () => {
    const { recorder, written, advance } = harness();
    await recorder.record("run_started", { run_id: "r1", kind: "request" });
    recorder.record("text_delta", { text: "Hel" });
    await advance(0);
    expect(summary(written)).toEqual(["run_started", "text:Hel"]);
    for (const piece of ["lo", ", ", "wor"]) {
      recorder.record("text_delta", { text: piece });
      await advance(10);
    }
    expect(summary(written)).toEqual(["run_started", "text:Hel"]);
    await advance(20);
    expect(summary(written)).toEqual(["run_started", "text:Hel", "text:lo, wor"]);
  });

  it("asks a changing interval again at each flush", async () => {
    let interval = 50;
    const written: string[] = [];
    let clock = 0;
    const recorder = new RunEventRecorder({
      async writeBatch(events) {
        written.push(...events.map((event) => (event.data as { text: string }).text));
        return events.map((event, index) => ({ ...event, seq: written.length - events.length + index + 1, createdAt: "" }));
      },
      publish: () => {},
      onError: (error) => {
        throw error;
      },
      flushIntervalMs: () => interval,
      now: () => clock,
    });
    const tick = async (ms: number) => {
      clock += ms;
      await vi.advanceTimersByTimeAsync(ms);
    };
    recorder.record("text_delta", { text: "a" });
    recorder.record("text_delta", { text: "b" });
    await tick(50);
    expect(written).toEqual(["a", "b"]);
    interval = 200;
    recorder.record("text_delta", { text: "c" });
    await tick(100);
    expect(written).toEqual(["a", "b"]);
    await tick(100);
    expect(written).toEqual(["a", "b", "c"]);
  });

  it("any other event flushes the buffered text first, so order is kept", async () => {
    const { recorder, written, advance } = harness();
    recorder.record("text_delta", { text: "a" });
    await advance(1);
    recorder.record("text_delta", { text: "b" });
    recorder.record("text_delta", { text: "c" });
    await recorder.record("tool_use", { id: "t1", name: "echo", input: {} });
    expect(summary(written)).toEqual(["text:a", "text:bc", "tool_use"]);
    // The pending timer found nothing left to write.
    await advance(100);
    expect(written).toHaveLength(3);
  });

  it("keeps emit order even when the database is slow, and publishes what was stored", async () => {
    const { recorder, written, published, advance } = harness({ writeDelayMs: 30 });
    recorder.record("text_delta", { text: "1" });
    recorder.record("text_delta", { text: "2" });
    const done = recorder.record("run_completed", { run_id: "r1" });
    await advance(100);
    await done;
    expect(summary(written)).toEqual(["text:1", "text:2", "run_completed"]);
    expect(published.map((event) => event.seq)).toEqual([1, 2, 3]);
  });

  it("tags events with their run: from the payload, else the run started last", async () => {
    const { recorder, written } = harness();
    await recorder.record("run_started", { run_id: "r1", kind: "request" });
    await recorder.record("token_consumption", { consumption: { tokens_in: 1, tokens_out: 2 } });
    await recorder.recordServerEvent("user_message", { message: { text: "hi" } });
    await recorder.record("slot_resolved", { slot: { run_id: "r0" } as never });
    expect(written.map((event) => event.runId)).toEqual(["r1", "r1", "r1", "r0"]);
  });

  it("flush() writes pending text and waits for every write", async () => {
    const { recorder, written } = harness({ writeDelayMs: 5 });
    recorder.record("text_delta", { text: "x" });
    recorder.record("text_delta", { text: "y" });
    const flushed = recorder.flush();
    await vi.advanceTimersByTimeAsync(20);
    await flushed;
    expect(summary(written)).toEqual(["text:x", "text:y"]);
  });

  it("knows the last sequence number it stored, for the stream's closing read", async () => {
    const { recorder, written } = harness({ writeDelayMs: 5 });
    expect(recorder.lastStoredSeq).toBe(0);
    void recorder.record("run_started", { run_id: "r1", kind: "request" });
    recorder.record("text_delta", { text: "x" });
    const flushed = recorder.flush();
    await vi.advanceTimersByTimeAsync(20);
    await flushed;
    expect(recorder.lastStoredSeq).toBe(written.at(-1)?.seq);
    expect(recorder.lastStoredSeq).toBe(2);
  });

  describe("with writeBatch", () => {
    function batchHarness(writeDelayMs: number, fail?: (events: PendingRunEvent[]) => boolean) {
      const batches: string[][] = [];
      const written: StoredRunEvent[] = [];
      const published: StoredRunEvent[] = [];
      const errors: string[] = [];
      const recorder = new RunEventRecorder({
        async writeBatch(events) {
          batches.push(events.map((event) => event.type));
          await new Promise((resolve) => setTimeout(resolve, writeDelayMs));
          if (fail?.(events)) throw new Error("database down");
          const stored = events.map((event, index) => ({ ...event, seq: written.length + index + 1, createdAt: "" }));
          written.push(...stored);
          return stored;
        },
        publish: (event) => published.push(event),
        onError: (_error, type) => errors.push(type),
        flushIntervalMs: 50,
        now: () => 0,
      });
      return { recorder, batches, written, published, errors };
    }

    it("writes an event at once when idle; what queues up during a write goes in the next one, in order", async () => {
      const { recorder, batches, published } = batchHarness(10);
      const first = recorder.record("run_started", { run_id: "r1", kind: "request" });
      expect(batches).toEqual([["run_started"]]);
      const rest = [
        recorder.recordServerEvent("user_message", { message: { text: "hi" } }),
        recorder.record("token_consumption", { consumption: { tokens_in: 1, tokens_out: 2 } }),
        recorder.record("run_completed", { run_id: "r1" }),
      ];
      await vi.advanceTimersByTimeAsync(30);
      await Promise.all([first, ...rest]);
      expect(batches).toEqual([["run_started"], ["user_message", "token_consumption", "run_completed"]]);
      expect(published.map((event) => [event.seq, event.type, event.runId])).toEqual([
        [1, "run_started", "r1"],
        [2, "user_message", "r1"],
        [3, "token_consumption", "r1"],
        [4, "run_completed", "r1"],
      ]);
      await recorder.flush();
    });

    it("a failed batch is written again event by event: only the refused one is lost, and event_not_stored says so", async () => {
      const { recorder, errors, published } = batchHarness(5, (events) => events[0].type === "tool_use");
      void recorder.record("run_started", { run_id: "r1", kind: "request" });
      void recorder.record("tool_use", { id: "t1", name: "echo", input: {} });
      void recorder.record("tool_use_result", { id: "t1", name: "echo", result: { status: "success", data: null } } as never);
      await vi.advanceTimersByTimeAsync(20);
      void recorder.record("run_completed", { run_id: "r1" });
      const flushed = recorder.flush();
      await vi.advanceTimersByTimeAsync(20);
      await flushed;
      expect(errors).toEqual(["tool_use"]);
      expect(published.map((event) => event.type)).toEqual(["run_started", "tool_use_result", "event_not_stored", "run_completed"]);
    });
  });
});

describe("RunEventRecorder.flushReleasing: a run's usage holds go with its last events", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function ridingHarness(fail?: (events: PendingRunEvent[]) => boolean) {
    const batches: Array<{ types: string[]; holds: readonly string[] }> = [];
    let seq = 0;
    const recorder = new RunEventRecorder({
      async writeBatch(events, releasingHolds) {
        batches.push({ types: events.map((event) => event.type), holds: releasingHolds ?? [] });
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (fail?.(events)) throw new Error("refused");
        return events.map((event) => ({ ...event, seq: ++seq, createdAt: "" }));
      },
      publish: () => {},
      onError: () => {},
      now: () => 0,
    });
    const flushing = async (holds: readonly string[]) => {
      const rode = recorder.flushReleasing(holds);
      await vi.advanceTimersByTimeAsync(100);
      return rode;
    };
    return { recorder, batches, flushing };
  }

  it("the holds travel in the statement of the last batch still queued, and it says they did", async () => {
    const { recorder, batches, flushing } = ridingHarness();
    void recorder.record("run_started", { run_id: "r1", kind: "request" });
    void recorder.record("token_consumption", { consumption: { tokens_in: 1, tokens_out: 2 } });
    void recorder.record("run_completed", { run_id: "r1" });
    expect(await flushing(["hold-1"])).toBe(true);
    expect(batches).toEqual([
      { types: ["run_started"], holds: [] },
      { types: ["token_consumption", "run_completed"], holds: ["hold-1"] },
    ]);
  });

  it("with more than one batch queued, only the last carries them", async () => {
    const { recorder, batches, flushing } = ridingHarness();
    void recorder.record("run_started", { run_id: "r1", kind: "request" });
    for (let i = 0; i < 60; i++) void recorder.record("tool_use", { id: `t${i}`, name: "echo", input: {} });
    expect(await flushing(["hold-1"])).toBe(true);
    expect(batches.map((batch) => [batch.types.length, batch.holds])).toEqual([
      [1, []],
      [50, []],
      [10, ["hold-1"]],
    ]);
  });

  it("false when nothing is left to write (or only a write already sent), so the caller releases them", async () => {
    const { recorder, batches, flushing } = ridingHarness();
    void recorder.record("run_completed", { run_id: "r1" });
    expect(await flushing(["hold-1"])).toBe(false);
    expect(await flushing(["hold-1"])).toBe(false);
    expect(batches.every((batch) => batch.holds.length === 0)).toBe(true);
  });

  it("false when the batch that carried them was refused (its events are written one by one, without them)", async () => {
    const { recorder, batches, flushing } = ridingHarness((events) => events.length > 1);
    void recorder.record("run_started", { run_id: "r1", kind: "request" });
    void recorder.record("token_consumption", { consumption: { tokens_in: 1, tokens_out: 2 } });
    void recorder.record("run_completed", { run_id: "r1" });
    expect(await flushing(["hold-1"])).toBe(false);
    expect(batches.filter((batch) => batch.holds.length > 0).map((batch) => batch.types)).toEqual([["token_consumption", "run_completed"]]);
  });

  it("true with no holds to release", async () => {
    const { flushing } = ridingHarness();
    expect(await flushing([])).toBe(true);
  });
});

describe("RunEventRecorder: what the database refuses", () => {
  it("cleans NUL and unpaired surrogates out of an event before it is stored", async () => {
    const { recorder, written } = harness();
    await recorder.record("tool_use_result", {
      call_id: "c",
      tool_name: "t",
      id: "c",
      name: "t",
      result: { status: "success", data: `a\u0000b\ud800` },
    } as never);
    expect(written[0].data).toMatchObject({ result: { data: "ab\ufffd" } });
  });

  it("a refused event is reported and replaced by event_not_stored; its neighbours are still stored", async () => {
    const written: StoredRunEvent[] = [];
    const errors: string[] = [];
    let inFlight: (() => void) | null = null;
    const recorder = new RunEventRecorder({
      async writeBatch(events) {
        if (!inFlight && written.length === 0) await new Promise<void>((resolve) => (inFlight = resolve));
        if (events.some((event) => event.type === "slot_push")) throw new Error("refused by the database");
        const stored = events.map((event, index) => ({ ...event, seq: written.length + index + 1, createdAt: "" }));
        written.push(...stored);
        return stored;
      },
      publish: () => {},
      onError: (_error, type) => void errors.push(type),
    });
    const first = recorder.record("run_started", { run_id: "r1", kind: "request" });
    const batch = [
      recorder.record("slot_push", { slot: { run_id: "r1" } } as never),
      recorder.record("run_suspended", { run_id: "r1", slot_ids: [] }),
    ];
    await vi.waitFor(() => expect(inFlight).not.toBeNull());
    inFlight!();
    await Promise.all([first, ...batch]);
    await recorder.flush();
    expect(errors).toEqual(["slot_push"]);
    expect(written.map((event) => event.type)).toEqual(["run_started", "run_suspended", "event_not_stored"]);
    expect(written[2].data).toMatchObject({ run_id: "r1", lost_type: "slot_push", message: expect.stringContaining("could not be saved") });
  });
});
