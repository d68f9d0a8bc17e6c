// Verdicts a process died before storing (Run.verdictOwed), on real Postgres: owed when the run moves,
// settled by the statement that stores the verdict, stored by the sweep a lease later when nobody did.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunStatus } from "@/lib/agent";
import { getPgPool } from "@/lib/db/pg-pool";
import { listRunEventsAfter } from "@/lib/db/run-events";
import { failRunsWithExpiredLease } from "@/lib/db/run-leases";
import type { TenantContext } from "@/lib/db/tenant-context";
import { eventBus } from "@/lib/server/events/pg-bus";
import { storeOwedVerdicts } from "@/lib/server/runs/owed-verdicts";
import { appendRunEvents } from "@/tests/integration/support/run-events";
import { query, testDatabaseUrl } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore, pendingSlot } from "@/tests/integration/store/support";

const LEASE_MS = 1000;
let tenant: TenantContext;

beforeAll(async () => {
  tenant = await createTenant("verdicts");
});

beforeEach(() => {
  vi.stubEnv("RUN_LEASE_MS", String(LEASE_MS));
});

afterEach(() => {
  vi.unstubAllEnvs();
});

afterAll(async () => {
  await eventBus().close();
  await getPgPool().end();
});

const now = () => new Date().toISOString();
/** Moves the run's last move into the past, as if `ms` had passed since. */
const age = (runId: string, ms: number) =>
  query(testDatabaseUrl(), `UPDATE "Run" SET "updatedAt" = "updatedAt" - make_interval(secs => $2) WHERE "id" = $1`, [runId, ms / 1000]);
const owes = async (runId: string) =>
  (await query<{ verdictOwed: boolean }>(testDatabaseUrl(), `SELECT "verdictOwed" FROM "Run" WHERE "id" = $1`, [runId]))[0].verdictOwed;

async function startedRun() {
  const { conversation, store } = await openNewConversationStore(tenant);
  const runId = `run-${Math.random().toString(36).slice(2)}`;
  expect(await store.createRun({ id: runId, status: "running", created_at: now() })).toBe(true);
  await appendRunEvents(tenant.organizationId, conversation.id, runId, [{ type: "run_started", data: { run_id: runId, kind: "request" } }]);
  return { conversationId: conversation.id, store, runId };
}

const eventsOf = async (conversationId: string) =>
  (await listRunEventsAfter(tenant, conversationId, 0)).map((event) => [event.seq, event.type, event.data]);

describe("a verdict its process died before storing", () => {
  it.each([
    ["completed", "run_completed"],
    ["aborted", "run_aborted"],
  ] as const)("a run %s without its event gets %s from the sweep, a lease after the move, once", async (status, type) => {
    const { conversationId, store, runId } = await startedRun();
    expect(await store.transitionRun(runId, ["running"], status as RunStatus)).toBe(true);
    expect(await owes(runId)).toBe(true);

    // Within the lease its own process may still be storing it.
    await storeOwedVerdicts();
    expect(await eventsOf(conversationId)).toHaveLength(1);

    await age(runId, 5 * LEASE_MS);
    await storeOwedVerdicts();
    await storeOwedVerdicts();
    expect(await eventsOf(conversationId)).toEqual([
      [1, "run_started", { run_id: runId, kind: "request" }],
      [2, type, { run_id: runId }],
    ]);
    expect(await owes(runId)).toBe(false);
  });

  it("a suspended run gets run_suspended naming its pending cards", async () => {
    const { conversationId, store, runId } = await startedRun();
    const slot = pendingSlot(`slot-${runId}`, runId);
    await store.createSlot(slot);
    expect(await store.transitionRun(runId, ["running"], "suspended")).toBe(true);
    await age(runId, 5 * LEASE_MS);
    await storeOwedVerdicts();
    expect((await eventsOf(conversationId)).at(-1)).toEqual([2, "run_suspended", { run_id: runId, slot_ids: [slot.id] }]);
  });

  it("a dead run failed by a sweeper that died before announcing it gets run_failed with its error", async () => {
    const { conversationId, runId } = await startedRun();
    await age(runId, 5 * LEASE_MS);
    expect(
      await failRunsWithExpiredLease({ organizationId: tenant.organizationId, conversationId }, LEASE_MS, "The server stopped."),
    ).toHaveLength(1);
    await age(runId, 5 * LEASE_MS);
    await storeOwedVerdicts();
    expect((await eventsOf(conversationId)).at(-1)).toEqual([2, "run_failed", { run_id: runId, message: "The server stopped." }]);
  });

  it("two sweepers at once store it once", async () => {
    const { conversationId, store, runId } = await startedRun();
    await store.transitionRun(runId, ["running"], "completed");
    await age(runId, 5 * LEASE_MS);
    await Promise.all([storeOwedVerdicts(), storeOwedVerdicts(), storeOwedVerdicts()]);
    expect((await eventsOf(conversationId)).map(([, type]) => type)).toEqual(["run_started", "run_completed"]);
  });
});

describe("a verdict stored by its run", () => {
  it("settles what the run owed in the statement that stores it: the sweep adds nothing", async () => {
    const { conversationId, store, runId } = await startedRun();
    await store.transitionRun(runId, ["running"], "completed");
    await appendRunEvents(tenant.organizationId, conversationId, runId, [{ type: "run_completed", data: { run_id: runId } }]);
    expect(await owes(runId)).toBe(false);
    await age(runId, 5 * LEASE_MS);
    await storeOwedVerdicts();
    expect((await eventsOf(conversationId)).map(([, type]) => type)).toEqual(["run_started", "run_completed"]);
  });

  it("a late run_suspended of a run that went on and completed settles nothing: run_completed is still owed", async () => {
    const { conversationId, store, runId } = await startedRun();
    await store.transitionRun(runId, ["running"], "suspended");
    await store.transitionRun(runId, ["suspended"], "running");
    expect(await owes(runId)).toBe(false);
    await store.transitionRun(runId, ["running"], "completed");
    await appendRunEvents(tenant.organizationId, conversationId, runId, [{ type: "run_suspended", data: { run_id: runId, slot_ids: [] } }]);
    expect(await owes(runId)).toBe(true);
    await age(runId, 5 * LEASE_MS);
    await storeOwedVerdicts();
    expect((await eventsOf(conversationId)).map(([, type]) => type)).toEqual(["run_started", "run_suspended", "run_completed"]);
  });

  it("a verdict stored before the run moved (after a database outage) is not stored again", async () => {
    const { conversationId, store, runId } = await startedRun();
    await appendRunEvents(tenant.organizationId, conversationId, runId, [
      { type: "run_failed", data: { run_id: runId, message: "The database was briefly unavailable." } },
    ]);
    await store.transitionRun(runId, ["running"], "failed", "The database was briefly unavailable.");
    expect(await owes(runId)).toBe(true);
    await age(runId, 5 * LEASE_MS);
    await storeOwedVerdicts();
    expect((await eventsOf(conversationId)).map(([, type]) => type)).toEqual(["run_started", "run_failed"]);
    expect(await owes(runId)).toBe(false);
  });
});
