// The LISTEN/NOTIFY bus through a real crash (`pg_ctl stop -m immediate`, 4 s down, then start),
// with production reconnect timings: one chain of attempts, then the readers catch up.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { LocalHub, type HubSignal } from "@/lib/server/events/local-hub";
import { PgBus } from "@/lib/server/events/pg-bus";
import { testDatabaseUrl } from "@/tests/integration/support/databases";
import { eventually } from "@/tests/support/eventually";
import { database } from "./support";

const pools: pg.Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});

function instance(id: string, onConnect?: () => void) {
  const hub = new LocalHub();
  const pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 });
  pool.on("error", () => {});
  pools.push(pool);
  const bus = new PgBus({
    connectionString: testDatabaseUrl(),
    instanceId: id,
    hub,
    query: (text, values) => pool.query(text, values),
    createClient: (config) => {
      const client = new pg.Client(config);
      const connect = client.connect.bind(client);
      client.connect = (() => (onConnect?.(), connect())) as typeof client.connect;
      return client;
    },
  });
  const signals: HubSignal[] = [];
  hub.subscribe("c1", (signal) => signals.push(signal));
  return { bus, signals };
}

describe("the event bus through a database crash", () => {
  it("reconnects with one chain of capped backoff and tells its readers to catch up", async () => {
    let attempts = 0;
    const reader = instance("reader", () => attempts++);
    const writer = instance("writer");
    await Promise.all([reader.bus.ready(), writer.bus.ready()]);
    attempts = 0;

    await database.stop("immediate");
    const downSince = Date.now();
    await eventually(async () => Date.now() - downSince >= 4_000 || null, 6_000);
    // 500 ms doubling: attempts at 0.5, 1.5 and 3.5 s. Two chains per failed connect made more at every step.
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(attempts).toBeLessThanOrEqual(4);

    reader.signals.length = 0;
    await database.start();
    await eventually(async () => reader.signals.some((signal) => signal.kind === "resync"), 20_000);
    await writer.bus.ready();
    await writer.bus.publishEvent("c1", 5);
    await eventually(async () => reader.signals.some((signal) => signal.kind === "event" && signal.seq === 5));
    await Promise.all([reader.bus.close(), writer.bus.close()]);
  });
});
