import { describe, expect, it } from "vitest";
import { MemoryStore } from "@/lib/agent/testing";
import { observeStore } from "@/lib/server/agent/observed-store";

describe("observeStore", () => {
  it("reports a run's ending before its status changes, so a heartbeat in flight never reads it as a lost lease", async () => {
    const store = new MemoryStore("observed");
    const calls: string[] = [];
    const observed = observeStore(store, {
      onRunning: async (runId) => void calls.push(`running ${runId}`),
      onStopping: (runId) => {
        calls.push(`stopping ${runId}`);
        void store.getRun(runId).then((run) => calls.push(`status then: ${run?.status}`));
      },
      onUserMessage: async () => undefined,
    });
    await observed.createRun({ id: "r1", status: "running", created_at: new Date().toISOString() });
    await observed.transitionRun("r1", ["running"], "completed");
    expect(calls).toEqual(["running r1", "stopping r1", "status then: running"]);
    expect((await store.getRun("r1"))?.status).toBe("completed");
  });

  it("a continuation holds the lease again", async () => {
    const store = new MemoryStore("observed");
    const calls: string[] = [];
    const observed = observeStore(store, { onRunning: async (id) => void calls.push(`running ${id}`), onStopping: (id) => void calls.push(`stopping ${id}`), onUserMessage: async () => undefined });
    await observed.createRun({ id: "r1", status: "running", created_at: new Date().toISOString() });
    await observed.transitionRun("r1", ["running"], "suspended");
    await observed.transitionRun("r1", ["suspended"], "running");
    expect(calls).toEqual(["running r1", "stopping r1", "running r1"]);
  });
});
