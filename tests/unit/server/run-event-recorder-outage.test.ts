import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StoredRunEvent } from "@/lib/db/run-events";
import { isDatabaseUnavailable } from "@/lib/server/database-unavailable";
import { EVENTS_LOST_MESSAGE, RunEventRecorder, type PendingRunEvent } from "@/lib/server/events/run-event-recorder";

const terminated = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

/** A recorder over an in-memory log whose database is down while `down` is set: every write then fails as a restart does. */
function harness(options: { giveUpAfterMs?: number } = {}) {
  const db = { down: false };
  const written: StoredRunEvent[] = [];
  const published: StoredRunEvent[] = [];
  const unstored: PendingRunEvent[] = [];
  const gaveUp: string[] = [];
  let clock = 0;
  const recorder = new RunEventRecorder({
    async writeBatch(events) {
      if (db.down) throw terminated();
      const stored = events.map((event, index) => ({ ...event, seq: written.length + index + 1, createdAt: "" }));
      written.push(...stored);
      return stored;
    },
    publish: (event) => published.push(event),
    onError: () => {},
    isRetryable: isDatabaseUnavailable,
    retryDelayMs: { initial: 50, max: 400 },
    giveUpAfterMs: options.giveUpAfterMs ?? 60_000,
    publishUnstored: (event) => unstored.push(event),
    onGiveUp: (runId) => gaveUp.push(runId),
    flushIntervalMs: 50,
    now: () => clock,
    sleep: (ms) => new Promise((resolve) => setTimeout(() => ((clock += ms), resolve()), ms)),
  });
  return { recorder, db, written, published, unstored, gaveUp };
}

const text = (events: { type: string; data: unknown }[]) =>
  events
    .filter((event) => event.type === "text_delta")
    .map((event) => (event.data as { text: string }).text)
    .join("");

describe("RunEventRecorder while the database restarts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("retries failed batches in order: every accepted event is stored, numbered without a gap", async () => {
    const { recorder, db, written, published } = harness();
    await recorder.record("run_started", { run_id: "r1", kind: "request" });
    const words = ["The ", "answer ", "is ", "forty-", "two, ", "as ", "you ", "know."];
    for (const [index, word] of words.entries()) {
      if (index === 2) db.down = true;
      if (index === 6) db.down = false;
      recorder.record("text_delta", { text: word });
      await vi.advanceTimersByTimeAsync(60);
    }
    void recorder.record("run_completed", { run_id: "r1" });
    const flushed = recorder.flush();
    await vi.advanceTimersByTimeAsync(2_000);
    await flushed;
    expect(text(written)).toBe(words.join(""));
    expect(written.map((event) => event.seq)).toEqual(written.map((_, index) => index + 1));
    expect(written.map((event) => event.type)).not.toContain("event_not_stored");
    expect(written.at(-1)?.type).toBe("run_completed");
    expect(published).toEqual(written);
  });

  it("sends a verdict that cannot be stored from memory at once, and stores it when the database is back", async () => {
    const { recorder, db, written, unstored } = harness();
    await recorder.record("run_started", { run_id: "r1", kind: "request" });
    db.down = true;
    void recorder.record("run_failed", { run_id: "r1", message: "The database was unavailable." });
    await vi.advanceTimersByTimeAsync(0);
    expect(unstored).toEqual([
      { runId: "r1", type: "run_failed", data: { run_id: "r1", message: "The database was unavailable." }, key: expect.any(String) },
    ]);
    db.down = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(written.map((event) => event.type)).toEqual(["run_started", "run_failed"]);
  });

  it("every write of a retried batch carries the same event keys (what metering dedupes by), and each event has its own", async () => {
    const attempts: Array<Array<string | undefined>> = [];
    let failures = 2;
    const recorder = new RunEventRecorder({
      async writeBatch(events) {
        attempts.push(events.map((event) => event.key));
        if (failures-- > 0) throw terminated();
        return events.map((event, index) => ({ ...event, seq: index + 1, createdAt: "" }));
      },
      publish: () => {},
      onError: () => {},
      isRetryable: isDatabaseUnavailable,
      retryDelayMs: { initial: 1, max: 1 },
      sleep: async () => {},
    });
    void recorder.record("run_started", { run_id: "r1", kind: "request" });
    void recorder.recordServerEvent("token_consumption", { run_id: "r1", consumption: { tokens_in: 1, tokens_out: 1 } });
    await recorder.flush();
    // run_started went alone and failed twice; the token event queued behind its retry.
    const [started, tokens] = [attempts[0][0], attempts.at(-1)?.[0]];
    expect(started).toEqual(expect.any(String));
    expect(tokens).toEqual(expect.any(String));
    expect(tokens).not.toBe(started);
    expect(attempts).toEqual([[started], [started], [started], [tokens]]);
  });

  it("a verdict recorded while an earlier batch is retried goes out from memory at once too", async () => {
    const { recorder, db, written, unstored } = harness();
    await recorder.record("run_started", { run_id: "r1", kind: "request" });
    db.down = true;
    recorder.record("text_delta", { text: "half an answer" });
    await vi.advanceTimersByTimeAsync(10);
    void recorder.record("run_failed", { run_id: "r1", message: "Not saved." });
    expect(unstored.map((event) => event.type)).toEqual(["run_failed"]);
    db.down = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(written.map((event) => event.type)).toEqual(["run_started", "text_delta", "run_failed"]);
  });

  it("gives up past its deadline: nothing of the run is stored after the hole, and the run is failed with a sentence that says so", async () => {
    const { recorder, db, written, unstored, gaveUp } = harness({ giveUpAfterMs: 1_000 });
    await recorder.record("run_started", { run_id: "r1", kind: "request" });
    db.down = true;
    recorder.record("text_delta", { text: "lost" });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(gaveUp).toEqual(["r1"]);
    expect(unstored).toContainEqual({ runId: "r1", type: "run_failed", data: { run_id: "r1", message: EVENTS_LOST_MESSAGE } });
    db.down = false;
    await recorder.record("text_delta", { text: "after the hole" });
    await recorder.flush();
    expect(written.map((event) => event.type)).toEqual(["run_started"]);
  });

  it("a refusal is not retried: the old rule (event_not_stored) still holds", async () => {
    const written: StoredRunEvent[] = [];
    const unstored: PendingRunEvent[] = [];
    const refused = new RunEventRecorder({
      writeBatch: async (events) => {
        if (events.some((event) => event.type === "tool_use")) throw Object.assign(new Error("invalid input"), { code: "22P02" });
        return events.map((event, index) => ({ ...event, seq: written.length + index + 1, createdAt: "" }));
      },
      publish: (event) => written.push(event),
      onError: () => {},
      isRetryable: isDatabaseUnavailable,
      publishUnstored: (event) => unstored.push(event),
    });
    await refused.record("tool_use", { id: "t1", name: "x", input: {} } as never);
    await refused.flush();
    expect(written.map((event) => event.type)).toEqual(["event_not_stored"]);
    expect(unstored).toEqual([]);
  });
});
