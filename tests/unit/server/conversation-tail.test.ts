import { describe, expect, it } from "vitest";
import type { StoredRunEvent } from "@/lib/db/run-events";
import { ConversationTail } from "@/lib/server/events/conversation-tail";
import { LocalHub } from "@/lib/server/events/local-hub";

const event = (seq: number): StoredRunEvent => ({ seq, runId: "r", type: "text_delta", data: { text: String(seq) }, createdAt: "" });

/** A conversation's stored events and a hub, with a tail reading them. */
function setup(stored: number, after = 0, readDelay = 0) {
  const log = Array.from({ length: stored }, (_, index) => event(index + 1));
  const hub = new LocalHub();
  const delivered: number[] = [];
  let reads = 0;
  const tail = new ConversationTail({
    conversationId: "c",
    after,
    hub,
    async readAfter(from, limit) {
      reads++;
      const page = log.filter((e) => e.seq > from).slice(0, limit);
      if (readDelay) await new Promise((resolve) => setTimeout(resolve, readDelay));
      return page;
    },
    deliver: (e) => delivered.push(e.seq),
    onError: (error) => {
      throw error;
    },
  });
  /** Stores the next event and announces it, with its payload (this instance) or bare (another). */
  const append = (withPayload: boolean) => {
    const next = event(log.length + 1);
    log.push(next);
    hub.publish("c", next.seq, withPayload ? next : undefined);
  };
  return { tail, hub, log, delivered, append, reads: () => reads };
}

describe("ConversationTail", () => {
  it("replays what was stored after `after`, in pages", async () => {
    const { tail, delivered } = setup(1200, 5);
    await tail.start();
    expect(delivered).toEqual(Array.from({ length: 1195 }, (_, index) => index + 6));
  });

  it("started without a replay (`after` was just read): no read until a live event is not the next one", async () => {
    const { tail, delivered, append, log, hub, reads } = setup(2, 2);
    await tail.start({ replay: false });
    expect(reads()).toBe(0);
    append(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(delivered).toEqual([3]);
    expect(reads()).toBe(0);
    // Something was stored here without this tail hearing of it, then the next announced: the jump reads both.
    log.push(event(4));
    const fifth = event(5);
    log.push(fifth);
    hub.publish("c", 5, fifth);
    await new Promise((resolve) => setImmediate(resolve));
    expect(delivered).toEqual([3, 4, 5]);
    expect(reads()).toBe(1);
  });

  it("started without a replay, an event stored before it subscribed still arrives with the closing catch-up", async () => {
    const { tail, delivered, log } = setup(2, 2);
    log.push(event(3));
    await tail.start({ replay: false });
    expect(delivered).toEqual([]);
    await tail.catchUp();
    expect(delivered).toEqual([3]);
  });

  it("the closing catch-up reads nothing once delivery reached the writer's last stored event, and reads what is missing otherwise", async () => {
    const { tail, delivered, append, log, reads } = setup(2, 2);
    await tail.start({ replay: false });
    append(true);
    append(true);
    await tail.catchUp(() => 4);
    expect(delivered).toEqual([3, 4]);
    expect(reads()).toBe(0);
    // Another instance stored an event this tail has not heard of yet, then the writer's last one went unannounced here.
    log.push(event(5), event(6));
    await tail.catchUp(() => 6);
    expect(delivered).toEqual([3, 4, 5, 6]);
    expect(reads()).toBe(1);
  });

  it("no gap and no duplicate across the replay/live boundary: events arriving during the replay", async () => {
    const { tail, delivered, append } = setup(3, 0, 20);
    const started = tail.start();
    // While the replay reads, two events are stored and announced: one here, one from elsewhere.
    append(true);
    append(false);
    await started;
    await tail.catchUp();
    expect(delivered).toEqual([1, 2, 3, 4, 5]);
  });

  it("live events with payload are delivered without reading; bare numbers and jumps read the rows", async () => {
    const { tail, delivered, append, hub, log, reads } = setup(0);
    await tail.start();
    const before = reads();
    append(true);
    append(true);
    await tail.catchUp();
    expect(reads() - before).toBe(1); // only catchUp read
    append(false);
    // An event whose predecessor this instance never heard of: read, don't skip.
    log.push(event(log.length + 1));
    const jump = event(log.length + 1);
    log.push(jump);
    hub.publish("c", jump.seq, jump);
    await tail.catchUp();
    expect(delivered).toEqual([1, 2, 3, 4, 5]);
  });

  it("a resync reads what the bus may have missed; stop() ends delivery", async () => {
    const { tail, delivered, hub, log } = setup(0);
    await tail.start();
    log.push(event(1), event(2));
    hub.resyncAll();
    await tail.catchUp();
    expect(delivered).toEqual([1, 2]);
    tail.stop();
    log.push(event(3));
    hub.publish("c", 3, log[2]);
    await tail.catchUp();
    expect(delivered).toEqual([1, 2]);
  });
});

describe("ConversationTail and verdicts that could not be stored", () => {
  it("hands an unstored verdict to the stream in its turn, without moving the position", async () => {
    const log: StoredRunEvent[] = [event(1)];
    const hub = new LocalHub();
    const delivered: string[] = [];
    const tail = new ConversationTail({
      conversationId: "c",
      after: 0,
      hub,
      readAfter: async (from) => log.filter((e) => e.seq > from),
      deliver: (e) => delivered.push(`stored:${e.seq}`),
      deliverUnstored: (e) => delivered.push(`unstored:${e.type}`),
      onError: (error) => {
        throw error;
      },
    });
    await tail.start();
    hub.publishUnstored("c", { runId: "r", type: "run_failed", data: { run_id: "r", message: "m" } });
    log.push(event(2));
    hub.publish("c", 2, log[1]);
    await tail.catchUp();
    expect(delivered).toEqual(["stored:1", "unstored:run_failed", "stored:2"]);
  });
});

describe("ConversationTail while the database is away", () => {
  it("reads again until the database answers, instead of ending the stream", async () => {
    const log: StoredRunEvent[] = [event(1), event(2)];
    let failures = 2;
    const delivered: number[] = [];
    const errors: unknown[] = [];
    const tail = new ConversationTail({
      conversationId: "c",
      after: 0,
      hub: new LocalHub(),
      async readAfter(from) {
        if (failures-- > 0) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
        return log.filter((e) => e.seq > from);
      },
      deliver: (e) => delivered.push(e.seq),
      onError: (error) => errors.push(error),
      isRetryable: (error) => (error as { code?: string }).code === "ECONNREFUSED",
      retryDelayMs: { initial: 1, max: 2 },
    });
    await tail.start();
    expect(errors).toEqual([]);
    expect(delivered).toEqual([1, 2]);
  });
});
