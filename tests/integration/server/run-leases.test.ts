// Leases of running runs and what happens to a run whose server died, on real Postgres.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readConversationSnapshot } from "@/lib/db/conversation-snapshot";
import { getPgPool } from "@/lib/db/pg-pool";
import { listRunEventsAfter } from "@/lib/db/run-events";
import { failRunsWithExpiredLease, renewRunLease } from "@/lib/db/run-leases";
import type { TenantContext } from "@/lib/db/tenant-context";
import { eventBus } from "@/lib/server/events/pg-bus";
import { NotFoundError } from "@/lib/agent/errors";
import { appendRunEvents } from "@/tests/integration/support/run-events";
import { recoverDeadRuns, recoverDeadRunsThenReadLastEventSeq } from "@/lib/server/runs/recover-dead-runs";
import { getTestPrisma, query, testDatabaseUrl } from "@/tests/integration/support/databases";
import { Prisma } from "@/lib/db/client";
import { rawRows } from "@/lib/db/raw-sql";
import { createTenant, openNewConversationStore, pendingSlot } from "@/tests/integration/store/support";

let tenant: TenantContext;

beforeAll(async () => {
  tenant = await createTenant("leases");
});

afterAll(async () => {
  await eventBus().close();
  await getPgPool().end();
});

const now = () => new Date().toISOString();
/** Moves a run's clocks into the past, as if its server had gone quiet `ms` ago. */
const age = (runId: string, ms: number) =>
  query(
    testDatabaseUrl(),
    `UPDATE "Run" SET "updatedAt" = "updatedAt" - make_interval(secs => $2), "leaseExpiresAt" = "leaseExpiresAt" - make_interval(secs => $2) WHERE "id" = $1`,
    [runId, ms / 1000],
  );

async function runningRun() {
  const { conversation, store } = await openNewConversationStore(tenant);
  const runId = `run-${Math.random().toString(36).slice(2)}`;
  expect(await store.createRun({ id: runId, status: "running", created_at: now() })).toBe(true);
  return { conversationId: conversation.id, store, runId };
}

describe("run leases", () => {
  it("a fresh run counts as alive for one lease length even before its first heartbeat", async () => {
    const { conversationId, runId } = await runningRun();
    expect(await failRunsWithExpiredLease({ organizationId: tenant.organizationId, conversationId }, 60_000, "dead")).toEqual([]);
    await age(runId, 61_000);
    expect(await failRunsWithExpiredLease({ organizationId: tenant.organizationId, conversationId }, 60_000, "dead")).toEqual([
      { organizationId: tenant.organizationId, conversationId, runId },
    ]);
  });

  it("heartbeats keep a run alive; a run that stops renewing expires", async () => {
    const { conversationId, store, runId } = await runningRun();
    expect(await renewRunLease(tenant, conversationId, runId, "instance-1", 1000)).toBe(true);
    await age(runId, 500);
    expect(await failRunsWithExpiredLease(null, 1000, "dead")).not.toContainEqual(expect.objectContaining({ runId }));
    await age(runId, 10_000);
    const expired = await failRunsWithExpiredLease(null, 1000, "The server stopped.");
    expect(expired).toContainEqual({ organizationId: tenant.organizationId, conversationId, runId });
    expect(await store.getRun(runId)).toMatchObject({ status: "failed", error: "The server stopped." });
    // A failed run takes no lease, and the conversation takes a new run.
    expect(await renewRunLease(tenant, conversationId, runId, "instance-1", 1000)).toBe(false);
    expect(await store.createRun({ id: `${runId}-next`, status: "running", created_at: now() })).toBe(true);
  });

  it("a heartbeat does not queue behind run work: renewed while every pooled connection of the app is busy", async () => {
    const { conversationId, runId } = await runningRun();
    // Twelve sleeps on each pool the turn's work uses (Prisma's ten connections, the raw pool's ten): both saturated.
    const finished: string[] = [];
    const done = (what: string) => () => void finished.push(what);
    const sleeps = Promise.all([
      ...Array.from({ length: 12 }, () => getTestPrisma().$queryRaw`SELECT pg_sleep(1.5)::text`.then(done("run work"))),
      ...Array.from({ length: 12 }, () => rawRows(Prisma.sql`SELECT pg_sleep(1.5)::text`).then(done("run work"))),
    ]);
    const renewed = renewRunLease(tenant, conversationId, runId, "instance-1", 30_000);
    expect(await renewed).toBe(true);
    finished.push("heartbeat");
    await sleeps;
    // Renewed before any of the run work finished: it waited for none of it.
    expect(finished[0]).toBe("heartbeat");
    expect(finished).toHaveLength(25);
  });

  it("suspended runs hold no lease and are never failed for it", async () => {
    const { store, runId } = await runningRun();
    expect(await store.transitionRun(runId, ["running"], "suspended")).toBe(true);
    await age(runId, 3_600_000);
    expect(await failRunsWithExpiredLease(null, 1000, "dead")).not.toContainEqual(expect.objectContaining({ runId }));
    expect((await store.getRun(runId))?.status).toBe("suspended");
  });

  it("a transition to running counts as a fresh start (updatedAt is set by the store)", async () => {
    const { conversationId, store, runId } = await runningRun();
    await store.transitionRun(runId, ["running"], "suspended");
    await age(runId, 3_600_000);
    await store.transitionRun(runId, ["suspended"], "running");
    expect(await failRunsWithExpiredLease({ organizationId: tenant.organizationId, conversationId }, 60_000, "dead")).toEqual([]);
  });
});

describe("recoverDeadRuns", () => {
  it("marks the run failed, dismisses its cards and tells viewers, with a message to act on", async () => {
    vi.stubEnv("RUN_LEASE_MS", "1000");
    const { conversationId, store, runId } = await runningRun();
    const slot = pendingSlot(`slot-${runId}`, runId);
    await store.createSlot(slot);
    await age(runId, 5000);
    const recovered = await recoverDeadRuns({ organizationId: tenant.organizationId, conversationId });
    expect(recovered.map((run) => run.runId)).toEqual([runId]);
    const events = await listRunEventsAfter(tenant, conversationId, 0);
    expect(events.map((event) => [event.type, event.runId])).toEqual([
      ["slot_resolved", runId],
      ["run_failed", runId],
    ]);
    expect(events[1].data).toEqual({ run_id: runId, message: "The server running this answer stopped. Retry the last message." });
    const snapshot = await readConversationSnapshot(tenant, conversationId);
    expect(snapshot?.run).toMatchObject({ id: runId, status: "failed" });
    expect(await store.getSlot(slot.id)).toMatchObject({ status: "dismissed" });
    expect(snapshot?.lastEventSeq).toBe(2);
    // Nothing left to recover.
    expect(await recoverDeadRuns({ organizationId: tenant.organizationId, conversationId })).toEqual([]);
    vi.unstubAllEnvs();
  });
});

describe("recoverDeadRunsThenReadLastEventSeq", () => {
  it("reads the last event number and leaves live, suspended and finished runs alone", async () => {
    vi.stubEnv("RUN_LEASE_MS", "1000");
    const { conversation } = await openNewConversationStore(tenant);
    const scope = { organizationId: tenant.organizationId, conversationId: conversation.id };
    expect(await recoverDeadRunsThenReadLastEventSeq(scope)).toBe(0);
    const { conversationId, store, runId } = await runningRun();
    await appendRunEvents(tenant.organizationId, conversationId, runId, [{ type: "run_started", data: { run_id: runId } }]);
    const live = { organizationId: tenant.organizationId, conversationId };
    expect(await recoverDeadRunsThenReadLastEventSeq(live)).toBe(1);
    expect(await store.transitionRun(runId, ["running"], "suspended")).toBe(true);
    await age(runId, 60_000);
    expect(await recoverDeadRunsThenReadLastEventSeq(live)).toBe(1);
    expect((await store.getRun(runId))?.status).toBe("suspended");
    vi.unstubAllEnvs();
  });

  it("recovers a run whose lease expired first; the number read includes its failure events", async () => {
    vi.stubEnv("RUN_LEASE_MS", "1000");
    const { conversationId, store, runId } = await runningRun();
    await age(runId, 5000);
    expect(await recoverDeadRunsThenReadLastEventSeq({ organizationId: tenant.organizationId, conversationId })).toBe(1);
    expect((await listRunEventsAfter(tenant, conversationId, 0)).map((event) => event.type)).toEqual(["run_failed"]);
    expect((await store.getRun(runId))?.status).toBe("failed");
    vi.unstubAllEnvs();
  });

  it("an unknown or foreign conversation: NotFoundError", async () => {
    const { conversationId } = await runningRun();
    const other = await createTenant("leases-other");
    await expect(recoverDeadRunsThenReadLastEventSeq({ organizationId: other.organizationId, conversationId })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(
      recoverDeadRunsThenReadLastEventSeq({ organizationId: tenant.organizationId, conversationId: "nope" }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
