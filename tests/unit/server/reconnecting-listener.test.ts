import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LocalHub, type HubSignal } from "@/lib/server/events/local-hub";
import { PgBus } from "@/lib/server/events/pg-bus";
import type { ListenClient } from "@/lib/server/events/reconnecting-listener";

/** A database that is up or down; each client it makes fails like pg's does when it is down ("end" after the refused connect). */
function fakeDatabase() {
  const state = { up: true, connects: 0, clients: [] as (EventEmitter & ListenClient)[] };
  const createClient = () => {
    const client = new EventEmitter() as EventEmitter & ListenClient;
    client.connect = async () => {
      state.connects++;
      if (state.up) return;
      queueMicrotask(() => client.emit("end"));
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    };
    client.query = async () => undefined;
    client.end = async () => undefined;
    state.clients.push(client);
    return client;
  };
  return { state, createClient };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the bus's LISTEN connection during an outage", () => {
  it("tries one chain of capped backoff: about 13 attempts in 240 s, then catches its readers up", async () => {
    const db = fakeDatabase();
    const hub = new LocalHub();
    const signals: HubSignal[] = [];
    hub.subscribe("c1", (signal) => signals.push(signal));
    const bus = new PgBus({
      connectionString: "postgres://x",
      instanceId: "i",
      hub,
      query: async () => undefined,
      createClient: db.createClient,
    });
    await bus.ready();
    expect(db.state.connects).toBe(1);

    db.state.up = false;
    const listening = db.state.clients[0];
    listening.emit("error", new Error("terminating connection due to administrator command"));
    listening.emit("end");
    await vi.advanceTimersByTimeAsync(240_000);
    const attempts = db.state.connects - 1;
    expect(attempts).toBeGreaterThanOrEqual(12);
    expect(attempts).toBeLessThanOrEqual(14);

    db.state.up = true;
    signals.length = 0;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(db.state.connects - 1).toBe(attempts + 1);
    expect(signals).toEqual([{ kind: "resync" }]);
    await bus.close();
  });

  it("a request while the chain waits tries at once, so streams open as soon as the database is back", async () => {
    const db = fakeDatabase();
    db.state.up = false;
    const bus = new PgBus({
      connectionString: "postgres://x",
      instanceId: "i",
      hub: new LocalHub(),
      query: async () => undefined,
      createClient: db.createClient,
    });
    await expect(bus.ready()).rejects.toThrow(/ECONNREFUSED/);
    // At once again: the last failure is too recent, nothing new is tried.
    await expect(bus.ready()).rejects.toThrow(/ECONNREFUSED/);
    expect(db.state.connects).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    const before = db.state.connects;
    db.state.up = true;
    await vi.advanceTimersByTimeAsync(600);
    await bus.ready();
    expect(db.state.connects).toBe(before + 1);
    await bus.close();
  });
});
