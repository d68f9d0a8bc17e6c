import { describe, expect, it } from "vitest";
import type { RunObserver } from "@/lib/agent";
import { createRun, transitionRun } from "@/lib/agent/run-observer";
import { MemoryStore } from "@/lib/agent/testing";
import { makeAgent } from "./helpers";

describe("run observers", () => {
  it("reports a run's ending before its status changes, so a heartbeat in flight never reads it as a lost lease", async () => {
    const store = new MemoryStore("observed");
    const calls: string[] = [];
    const observer: RunObserver = {
      onRunning: async (runId) => void calls.push(`running ${runId}`),
      onStopping: (runId) => {
        calls.push(`stopping ${runId}`);
        void store.getRun(runId).then((run) => calls.push(`status then: ${run?.status}`));
      },
      onUserMessage: async () => undefined,
    };
    const observed = { store, observers: [observer] };
    await createRun(observed, { id: "r1", status: "running", created_at: new Date().toISOString() });
    await transitionRun(observed, "r1", ["running"], "completed");
    expect(calls).toEqual(["running r1", "stopping r1", "status then: running"]);
    expect((await store.getRun("r1"))?.status).toBe("completed");
  });

  it("a continuation holds the lease again", async () => {
    const store = new MemoryStore("observed");
    const calls: string[] = [];
    const observed = {
      store,
      observers: [
        {
          onRunning: async (id: string) => void calls.push(`running ${id}`),
          onStopping: (id: string) => void calls.push(`stopping ${id}`),
          onUserMessage: async () => undefined,
        },
      ],
    };
    await createRun(observed, { id: "r1", status: "running", created_at: new Date().toISOString() });
    await transitionRun(observed, "r1", ["running"], "suspended");
    await transitionRun(observed, "r1", ["suspended"], "running");
    expect(calls).toEqual(["running r1", "stopping r1", "running r1"]);
  });

  it("a run of Glove tells every observer its events, its status changes and the typed message, in order", async () => {
    const calls: string[] = [];
    const observer = (name: string): RunObserver => ({
      onEvent: (type) => void (type === "run_started" || type === "run_completed" ? calls.push(`${name} ${type}`) : undefined),
      onRunning: () => void calls.push(`${name} running`),
      onStopping: () => void calls.push(`${name} stopping`),
      onUserMessage: (message) => void calls.push(`${name} typed ${message.text}`),
    });
    const { glove } = makeAgent([{ text: "hello" }], { observers: [observer("a"), observer("b")] });
    await glove.processRequest("hi", { runId: "r1" });
    expect(calls).toEqual([
      "a running",
      "b running",
      "a run_started",
      "b run_started",
      "a typed hi",
      "b typed hi",
      "a stopping",
      "b stopping",
      "a run_completed",
      "b run_completed",
    ]);
  });
});
