import { describe, expect, it } from "vitest";
import type { RunEventBatch, StoredRunEvent } from "@/lib/db/run-events";
import { MAX_GROUP_BATCHES, RunEventAppender } from "@/lib/server/events/run-event-appender";

/** A database stand-in: numbers each conversation's events from its own counter; calls finish when released. */
function fakeDatabase() {
  const counters = new Map<string, number>();
  const calls: Array<{ kind: "group" | "alone"; conversations: string[]; release: () => void }> = [];
  const busy = new Set<string>();
  const failing = new Set<string>();
  const number = (batch: RunEventBatch): StoredRunEvent[] => {
    const base = counters.get(batch.conversationId) ?? 0;
    counters.set(batch.conversationId, base + batch.events.length);
    return batch.events.map((event, index) => ({
      seq: base + index + 1,
      runId: event.runId,
      type: event.type,
      data: event.data,
      createdAt: "",
    }));
  };
  const held = <T>(kind: "group" | "alone", conversations: string[], answer: () => T) =>
    new Promise<T>((resolve, reject) =>
      calls.push({
        kind,
        conversations,
        release: () => {
          try {
            resolve(answer());
          } catch (error) {
            reject(error);
          }
        },
      }),
    );
  return {
    calls,
    busy,
    failing,
    options: {
      writeGroup: (batches: RunEventBatch[]) =>
        held(
          "group",
          batches.map((b) => b.conversationId),
          () => {
            if (batches.some((b) => failing.has(b.conversationId))) throw new Error("refused");
            return batches.map((b) => (busy.has(b.conversationId) ? null : number(b)));
          },
        ),
      writeAlone: (batch: RunEventBatch) =>
        held("alone", [batch.conversationId], () => {
          if (failing.has(batch.conversationId)) throw new Error(`refused ${batch.conversationId}`);
          return number(batch);
        }),
    },
  };
}

const batch = (conversationId: string, ...types: string[]): RunEventBatch => ({
  organizationId: "org",
  conversationId,
  events: types.map((type) => ({ runId: "run", type, data: { type } })),
});

const flush = () => new Promise((resolve) => setImmediate(resolve));

/** Releases calls as they come until `done` settles. */
async function releaseAll(db: ReturnType<typeof fakeDatabase>, done: Promise<unknown>) {
  let finished = false;
  void done.finally(() => (finished = true)).catch(() => {});
  let released = 0;
  while (!finished) {
    await flush();
    while (released < db.calls.length) db.calls[released++].release();
  }
}

describe("RunEventAppender", () => {
  it("writes a lone conversation's batch at once, on its own", async () => {
    const db = fakeDatabase();
    const appender = new RunEventAppender(db.options);
    const stored = appender.append(batch("c1", "run_started", "text_delta"));
    expect(db.calls.map((c) => [c.kind, c.conversations])).toEqual([["alone", ["c1"]]]);
    db.calls[0].release();
    expect((await stored).map((e) => [e.seq, e.type])).toEqual([
      [1, "run_started"],
      [2, "text_delta"],
    ]);
  });

  it("under load, the batches that arrive while statements are out go together in one statement", async () => {
    const db = fakeDatabase();
    const appender = new RunEventAppender({ ...db.options, maxInFlight: 2 });
    const first = [appender.append(batch("c1", "a")), appender.append(batch("c2", "a"))];
    const waiting = ["c3", "c4", "c5"].map((id) => appender.append(batch(id, "a", "b")));
    expect(db.calls.map((c) => c.conversations)).toEqual([["c1"], ["c2"]]);
    db.calls[0].release();
    await first[0];
    await flush();
    expect(db.calls.map((c) => [c.kind, c.conversations])).toEqual([
      ["alone", ["c1"]],
      ["alone", ["c2"]],
      ["group", ["c3", "c4", "c5"]],
    ]);
    db.calls[1].release();
    db.calls[2].release();
    for (const stored of await Promise.all(waiting)) expect(stored.map((e) => e.seq)).toEqual([1, 2]);
    expect(db.calls).toHaveLength(3);
  });

  it("two batches of one conversation travel as one and each caller gets its own events, in order", async () => {
    const db = fakeDatabase();
    const appender = new RunEventAppender({ ...db.options, maxInFlight: 1 });
    const blocker = appender.append(batch("c0", "x"));
    const a = appender.append(batch("c1", "a1", "a2"));
    const other = appender.append(batch("c2", "z"));
    const b = appender.append(batch("c1", "b1"));
    await releaseAll(db, Promise.all([blocker, a, b, other]));
    expect(db.calls.map((c) => [c.kind, c.conversations])).toEqual([
      ["alone", ["c0"]],
      ["group", ["c1", "c2"]],
    ]);
    expect((await a).map((e) => [e.seq, e.type])).toEqual([
      [1, "a1"],
      [2, "a2"],
    ]);
    expect((await b).map((e) => [e.seq, e.type])).toEqual([[3, "b1"]]);
    expect((await other).map((e) => [e.seq, e.type])).toEqual([[1, "z"]]);
  });

  it("a batch the group did not write (its row was busy) is written alone, waiting; the others are not held up", async () => {
    const db = fakeDatabase();
    const appender = new RunEventAppender({ ...db.options, maxInFlight: 1 });
    const blocker = appender.append(batch("c0", "x"));
    db.busy.add("c1");
    const busy = appender.append(batch("c1", "a"));
    const free = appender.append(batch("c2", "a"));
    db.calls[0].release();
    await blocker;
    await flush();
    db.calls[1].release();
    expect((await free).map((e) => e.seq)).toEqual([1]);
    await flush();
    expect(db.calls.map((c) => [c.kind, c.conversations])).toEqual([
      ["alone", ["c0"]],
      ["group", ["c1", "c2"]],
      ["alone", ["c1"]],
    ]);
    db.busy.delete("c1");
    db.calls[2].release();
    expect((await busy).map((e) => e.seq)).toEqual([1]);
  });

  it("a group that fails is written batch by batch: the failure reaches only the batch that caused it", async () => {
    const db = fakeDatabase();
    const appender = new RunEventAppender({ ...db.options, maxInFlight: 1 });
    const blocker = appender.append(batch("c0", "x"));
    db.failing.add("c2");
    const fine = appender.append(batch("c1", "a"));
    const refused = appender.append(batch("c2", "a"));
    const outcome = Promise.allSettled([blocker, fine, refused]);
    await releaseAll(db, outcome);
    const [, ok, failed] = await outcome;
    expect(ok).toMatchObject({ status: "fulfilled", value: [{ seq: 1 }] });
    expect(failed).toMatchObject({ status: "rejected", reason: new Error("refused c2") });
    expect(db.calls.map((c) => [c.kind, c.conversations])).toEqual([
      ["alone", ["c0"]],
      ["group", ["c1", "c2"]],
      ["alone", ["c1"]],
      ["alone", ["c2"]],
    ]);
  });

  it("a group carries at most MAX_GROUP_BATCHES conversations; the rest go in the next statement", async () => {
    const db = fakeDatabase();
    const appender = new RunEventAppender({ ...db.options, maxInFlight: 1 });
    const all = [appender.append(batch("c0", "x"))];
    for (let i = 1; i <= MAX_GROUP_BATCHES + 5; i++) all.push(appender.append(batch(`c${i}`, "a")));
    await releaseAll(db, Promise.all(all));
    expect(db.calls.map((c) => c.conversations.length)).toEqual([1, MAX_GROUP_BATCHES, 5]);
    for (const stored of await Promise.all(all)) expect(stored.map((e) => e.seq)).toEqual([1]);
  });
});
