// The event bus over real Postgres: two instances, each with its own listening connection and pool.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { LocalHub, type HubSignal } from "@/lib/server/events/local-hub";
import { PgBus } from "@/lib/server/events/pg-bus";
import { testDatabaseUrl } from "@/tests/integration/support/databases";

interface Instance {
  bus: PgBus;
  hub: LocalHub;
  pool: pg.Pool;
  signals: Array<[string, HubSignal]>;
}

function instance(id: string): Instance {
  const hub = new LocalHub();
  const pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 });
  const bus = new PgBus({
    connectionString: testDatabaseUrl(),
    instanceId: id,
    hub,
    query: (text, values) => pool.query(text, values),
    reconnectDelayMs: { initial: 50, max: 200 },
  });
  const signals: Array<[string, HubSignal]> = [];
  for (const conversation of ["c1", "c2"]) hub.subscribe(conversation, (signal) => signals.push([conversation, signal]));
  return { bus, hub, pool, signals };
}

let a: Instance;
let b: Instance;

beforeAll(async () => {
  a = instance("instance-a");
  b = instance("instance-b");
  await Promise.all([a.bus.ready(), b.bus.ready()]);
});

afterAll(async () => {
  for (const { bus, pool } of [a, b]) {
    await bus.close();
    await pool.end();
  }
});

const until = async (check: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe("PgBus", () => {
  it("an event stored on one instance wakes the readers of its conversation on the other, not its own", async () => {
    a.signals.length = 0;
    b.signals.length = 0;
    await a.bus.publishEvent("c1", 41);
    await a.bus.publishEvent("c2", 7);
    await until(() => b.signals.length === 2);
    expect(b.signals).toEqual([
      ["c1", { kind: "event", seq: 41, event: undefined }],
      ["c2", { kind: "event", seq: 7, event: undefined }],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(a.signals).toEqual([]);
  });

  it("relays abort requests to every instance", async () => {
    const seen: string[] = [];
    const stopA = a.bus.onAbortRequest((request) => seen.push(`a:${request.conversationId}/${request.runId}`));
    const stopB = b.bus.onAbortRequest((request) => seen.push(`b:${request.conversationId}/${request.runId}`));
    await b.bus.requestAbort({ conversationId: "c1", runId: "run-9" });
    await until(() => seen.length === 2);
    expect(seen.sort()).toEqual(["a:c1/run-9", "b:c1/run-9"]);
    stopA();
    stopB();
  });

  it("after losing its connection an instance reconnects and tells its readers to catch up", async () => {
    b.signals.length = 0;
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN handoff_run_control' AND pid <> pg_backend_pid()`,
    );
    await admin.end();
    expect(rowCount).toBe(2);
    await until(() => b.signals.some(([, signal]) => signal.kind === "resync"));
    await a.bus.publishEvent("c1", 42);
    await until(() => b.signals.some(([, signal]) => signal.kind === "event" && signal.seq === 42));
  });
});
