// The producers write their events in the transaction of their cause: a permission card pushed
// (approval.requested) and decided (approval.resolved), a run completed or failed (run.completed,
// run.failed, also by the dead-run sweep); each payload is a valid v1 event.
import { describe, expect, it } from "vitest";
import { PERMISSION_RENDERER, type SlotRecord } from "@/lib/agent";
import { prisma } from "@/lib/db/client";
import { failRunsWithExpiredLease } from "@/lib/db/run-leases";
import { webhookEventV1 } from "@/lib/schemas/webhook-payloads/v1";
import { query, testDatabaseUrl } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";

const now = () => new Date().toISOString();

async function eventsOf(organizationId: string, type: string) {
  const rows = await prisma.outboxEvent.findMany({ where: { organizationId, type }, orderBy: { createdAt: "asc" } });
  return rows.map((row) => webhookEventV1.parse(row.payload));
}

describe("outbox producers", () => {
  it("a permission card announces approval.requested once, and its decision approval.resolved with who decided", async () => {
    const tenant = await createTenant("approvals");
    const { conversation, store } = await openNewConversationStore(tenant);
    await store.createRun({ id: "run-a", status: "running", created_at: now() });
    const slot: SlotRecord = {
      id: "slot-a",
      run_id: "run-a",
      call_id: "call-a",
      index: 0,
      kind: "wait",
      tool_name: "send_email",
      renderer: PERMISSION_RENDERER,
      props: { tool_name: "send_email", input: { to: "finance@example.com" }, input_editable: false },
      display_strategy: "hide-on-complete",
      status: "pending",
      created_at: now(),
      expires_at: null,
      settled_at: null,
    };
    await store.createSlot(slot);
    await store.createSlot(slot);
    const [requested, ...again] = await eventsOf(tenant.organizationId, "approval.requested");
    expect(again).toEqual([]);
    expect(requested.data).toMatchObject({
      approval: {
        id: "slot-a",
        conversation_id: conversation.id,
        run_id: "run-a",
        tool_name: "send_email",
        input: { to: "finance@example.com" },
        answerable_by: "member",
      },
    });

    const decision = {
      decision: "deny" as const,
      decided_by: tenant.userId,
      tool_name: "send_email",
      input_key: "k",
      scope: "call" as const,
      reason: "Not now.",
    };
    await store.settleSlot("slot-a", { status: "rejected", reason: "Not now.", settled_at: now() }, decision);
    const [resolved] = await eventsOf(tenant.organizationId, "approval.resolved");
    expect(resolved.data).toMatchObject({
      decision: "rejected",
      reason: "Not now.",
      decided_by: { kind: "member", id: tenant.userId, name: "approvals owner" },
      approval: { id: "slot-a" },
    });
  });

  it("a run that completes announces run.completed; a subagent's run does not", async () => {
    const tenant = await createTenant("runs");
    const { conversation, store } = await openNewConversationStore(tenant);
    await store.createRun({ id: "run-c", status: "running", created_at: now(), started_by: tenant.userId });
    expect(await store.transitionRun("run-c", ["running"], "completed")).toBe(true);
    expect(await store.transitionRun("run-c", ["running"], "completed")).toBe(false);
    const sub = await store.createSubAgentStore("helper", true);
    await sub.createRun({ id: "run-sub", status: "running", created_at: now() });
    await sub.transitionRun("run-sub", ["running"], "completed");

    const completed = await eventsOf(tenant.organizationId, "run.completed");
    // The event is written by the statement that completes the run: its starter, start and end are the row's.
    const row = await prisma.run.findFirstOrThrow({ where: { organizationId: tenant.organizationId, id: "run-c" } });
    expect(completed.map((event) => event.data)).toEqual([
      {
        run_id: "run-c",
        conversation_id: conversation.id,
        started_by_id: tenant.userId,
        started_at: row.createdAt.toISOString(),
        finished_at: row.updatedAt.toISOString(),
      },
    ]);
    expect(completed[0].created_at).toBe(row.updatedAt.toISOString());
  });

  it("a run completed at its last safe point announces run.completed once, in the completing statement; one kept running by a queued message does not", async () => {
    const tenant = await createTenant("runs-last-look");
    const { conversation, store } = await openNewConversationStore(tenant);
    await store.createRun({ id: "run-l", status: "running", created_at: now(), started_by: tenant.userId });
    await store.enqueueMessage({ id: "queued-l", text: "and one more", created_at: now() }, 10);
    expect(await store.completeRunUnlessWork("run-l")).toMatchObject({ kind: "work" });
    expect(await eventsOf(tenant.organizationId, "run.completed")).toEqual([]);
    await store.deleteQueuedMessages(["queued-l"]);
    expect(await store.completeRunUnlessWork("run-l")).toEqual({ kind: "completed", awaitingInbox: false });
    expect(await store.completeRunUnlessWork("run-l")).toEqual({ kind: "not_running" });

    const row = await prisma.run.findFirstOrThrow({ where: { organizationId: tenant.organizationId, id: "run-l" } });
    expect(row.verdictOwed).toBe(true);
    const completed = await eventsOf(tenant.organizationId, "run.completed");
    expect(completed.map((event) => event.data)).toEqual([
      {
        run_id: "run-l",
        conversation_id: conversation.id,
        started_by_id: tenant.userId,
        started_at: row.createdAt.toISOString(),
        finished_at: row.updatedAt.toISOString(),
      },
    ]);
  });

  it("run.completed of a run nobody typed (an inbox continuation) says so, with the run's own start", async () => {
    const tenant = await createTenant("runs-nobody");
    const { store } = await openNewConversationStore(tenant);
    await store.createRun({ id: "run-n", status: "running", created_at: "2026-01-02T03:04:05.000Z" });
    await store.transitionRun("run-n", ["running"], "completed");
    const [event] = await eventsOf(tenant.organizationId, "run.completed");
    expect(event.data).toMatchObject({ run_id: "run-n", started_by_id: null, started_at: "2026-01-02T03:04:05.000Z" });
  });

  it("a failed run, by the loop or by the dead-run sweep, announces run.failed with the chat's sentence", async () => {
    const tenant = await createTenant("failures");
    const { conversation, store } = await openNewConversationStore(tenant);
    await store.createRun({ id: "run-f", status: "running", created_at: now() });
    await store.transitionRun("run-f", ["running"], "failed", "The model provider refused the key.");
    const second = await openNewConversationStore(tenant);
    await second.store.createRun({ id: "run-dead", status: "running", created_at: now() });
    await query(testDatabaseUrl(), `UPDATE "Run" SET "updatedAt" = "updatedAt" - interval '1 hour' WHERE "id" = 'run-dead'`);
    await failRunsWithExpiredLease(
      { organizationId: tenant.organizationId, conversationId: second.conversation.id },
      1_000,
      "The server stopped.",
    );

    const failed = await eventsOf(tenant.organizationId, "run.failed");
    expect(failed.map((event) => event.data)).toEqual([
      expect.objectContaining({
        run_id: "run-f",
        conversation_id: conversation.id,
        error: { message: "The model provider refused the key." },
      }),
      expect.objectContaining({ run_id: "run-dead", conversation_id: second.conversation.id, error: { message: "The server stopped." } }),
    ]);
  });
});
