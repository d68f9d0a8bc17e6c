// Run events end to end on real Postgres, across two "instances" (each its own hub, bus and pool):
// recorders on both write to one conversation at once; a reader on each sees every event once, in order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { appendAndAnnounceRunEvents, listRunEventsAfter, type StoredRunEvent } from "@/lib/db/run-events";
import type { TenantContext } from "@/lib/db/tenant-context";
import { ConversationTail } from "@/lib/server/events/conversation-tail";
import { LocalHub } from "@/lib/server/events/local-hub";
import { PgBus, RUN_EVENTS_CHANNEL } from "@/lib/server/events/pg-bus";
import { RunEventRecorder } from "@/lib/server/events/run-event-recorder";
import { testDatabaseUrl } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";

interface Instance {
  id: string;
  hub: LocalHub;
  bus: PgBus;
  pool: pg.Pool;
}

let tenant: TenantContext;
const instances: Instance[] = [];

beforeAll(async () => {
  tenant = await createTenant("pipeline");
  for (const id of ["a", "b"]) {
    const hub = new LocalHub();
    const pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 3 });
    const bus = new PgBus({ connectionString: testDatabaseUrl(), instanceId: id, hub, query: (text, values) => pool.query(text, values) });
    await bus.ready();
    instances.push({ id, hub, bus, pool });
  }
});

afterAll(async () => {
  for (const { bus, pool } of instances) {
    await bus.close();
    await pool.end();
  }
});

function recorderOn(instance: Instance, conversationId: string) {
  return new RunEventRecorder({
    // As lib/server/events/conversation-recorder.ts: the statement that stores an event also announces it on the bus.
    writeBatch: (events) =>
      appendAndAnnounceRunEvents(
        (text, values) => instance.pool.query(text, values),
        { channel: RUN_EVENTS_CHANNEL, instanceId: instance.id },
        tenant.organizationId,
        conversationId,
        events,
      ),
    publish: (event) => instance.hub.publish(conversationId, event.seq, event),
    onError: (error) => {
      throw error;
    },
    flushIntervalMs: 5,
  });
}

function readerOn(instance: Instance, conversationId: string, after = 0) {
  const delivered: StoredRunEvent[] = [];
  const tail = new ConversationTail({
    conversationId,
    after,
    hub: instance.hub,
    readAfter: (from, limit) => listRunEventsAfter(tenant, conversationId, from, limit),
    deliver: (event) => delivered.push(event),
    onError: (error) => {
      throw error;
    },
  });
  return { tail, delivered };
}

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe("run events across instances", () => {
  it("concurrent writers on two instances; readers on both get 1..n exactly once, in order, with identical payloads", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    const [a, b] = instances;
    const readers = [readerOn(a, conversation.id), readerOn(b, conversation.id)];
    await Promise.all(readers.map((reader) => reader.tail.start()));

    const writers = [recorderOn(a, conversation.id), recorderOn(b, conversation.id), recorderOn(a, conversation.id)];
    await Promise.all(
      writers.map(async (writer, index) => {
        for (let step = 0; step < 40; step++) {
          writer.record("text_delta", { text: `${index}.${step} ` });
          if (step % 5 === 4) await writer.record("token_consumption", { consumption: { tokens_in: index, tokens_out: step } });
        }
        await writer.flush();
      }),
    );
    const stored = await listRunEventsAfter(tenant, conversation.id, 0);
    expect(stored.map((event) => event.seq)).toEqual(stored.map((_, index) => index + 1));
    // Each writer's text arrives whole and in order, coalesced into fewer events than deltas.
    for (const index of [0, 1, 2]) {
      const text = stored
        .filter((e) => e.type === "text_delta" && (e.data as { text: string }).text.startsWith(`${index}.`))
        .map((e) => (e.data as { text: string }).text)
        .join("");
      expect(text).toBe(Array.from({ length: 40 }, (_, step) => `${index}.${step} `).join(""));
    }
    for (const reader of readers) {
      await until(() => reader.delivered.length === stored.length);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(reader.delivered.map(({ seq, type, data }) => ({ seq, type, data }))).toEqual(
        stored.map(({ seq, type, data }) => ({ seq, type, data })),
      );
      reader.tail.stop();
    }
  });

  it("a reader attaching mid-run replays from its position and continues live without a gap", async () => {
    const { conversation } = await openNewConversationStore(tenant);
    const [a, b] = instances;
    const writer = recorderOn(a, conversation.id);
    for (let step = 0; step < 20; step++) await writer.record("tasks_updated", { tasks: [] });
    const reader = readerOn(b, conversation.id, 7);
    const writing = (async () => {
      for (let step = 0; step < 20; step++) await writer.record("tasks_updated", { tasks: [] });
    })();
    await reader.tail.start();
    await writing;
    await until(() => reader.delivered.length === 33);
    expect(reader.delivered.map((event) => event.seq)).toEqual(Array.from({ length: 33 }, (_, index) => index + 8));
    reader.tail.stop();
  });
});
