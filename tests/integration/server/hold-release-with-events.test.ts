// A run's usage hold goes in the statement that stores the run's last events (conversation-recorder.ts,
// RunEventRecorder.flushReleasing, lib/db/run-events.ts), through the production recorder and appender.
import { beforeAll, describe, expect, it } from "vitest";
import { listRunEventsAfter } from "@/lib/db/run-events";
import type { TenantContext } from "@/lib/db/tenant-context";
import { conversationRecorder } from "@/lib/server/events/conversation-recorder";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";

let tenant: TenantContext;

beforeAll(async () => {
  tenant = await createTenant("hold-ride");
});

const holdCount = (id: string) => getTestPrisma().usageHold.count({ where: { organizationId: tenant.organizationId, id } });

/** A new conversation's production recorder, and a live usage hold `holdId` of its organization. */
async function recorderHolding(holdId: string) {
  const { conversation } = await openNewConversationStore(tenant);
  await getTestPrisma().usageHold.create({
    data: { organizationId: tenant.organizationId, id: holdId, tokens: 4_000, expiresAt: new Date(Date.now() + 60_000) },
  });
  return { conversation, recorder: conversationRecorder(tenant, conversation.id) };
}

describe("a run's hold released with its last events", () => {
  it("goes with the last batch still to be written, once those events are stored", async () => {
    const { conversation, recorder } = await recorderHolding("hold-last");
    // The first event's write is sent at once; the two behind it queue up and go together, last.
    void recorder.record("run_started", { run_id: "run-1", kind: "request" });
    void recorder.recordServerEvent("user_message", { run_id: "run-1", message: { text: "hi" } });
    void recorder.record("run_completed", { run_id: "run-1" } as never);
    expect(await recorder.flushReleasing(["hold-last"])).toBe(true);
    expect(await holdCount("hold-last")).toBe(0);
    expect((await listRunEventsAfter(tenant, conversation.id, 0)).map((event) => event.type)).toEqual([
      "run_started",
      "user_message",
      "run_completed",
    ]);
  });

  it("says so when nothing was left to write, and the hold is still there for the caller to release", async () => {
    const { recorder } = await recorderHolding("hold-alone");
    await recorder.record("run_started", { run_id: "run-2", kind: "request" });
    expect(await recorder.flushReleasing(["hold-alone"])).toBe(false);
    expect(await holdCount("hold-alone")).toBe(1);
  });
});
