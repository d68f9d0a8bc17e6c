// The order in which a launched run's work ends: the agent is disposed of (its last token events
// flushed, so they are metered) before the run's usage hold is released.
import { describe, expect, it, vi } from "vitest";
import type { ConversationAgent } from "@/lib/server/agent/conversation-agent";
import type { Admission } from "@/lib/server/billing/admission";
import { launch } from "@/lib/server/runs/launch";

// The process's registry of runs listens on Postgres for abort requests: not what this is about.
vi.mock("@/lib/server/runs/local-executions", () => ({ track: () => {} }));

function recordingAgent(steps: string[]) {
  let announce: (runId: string) => void = () => {};
  const agent = {
    signal: new AbortController().signal,
    onRunning: (listener: (runId: string) => void) => {
      announce = listener;
      return () => {};
    },
    dispose: async () => {
      await Promise.resolve();
      steps.push("disposed");
    },
  } as unknown as ConversationAgent;
  return { agent, announce: (runId: string) => announce(runId) };
}

describe("launch", () => {
  it("disposes of the agent before it releases the run's hold, after a run and after a failure", async () => {
    for (const ending of ["completed", "failed"] as const) {
      const steps: string[] = [];
      const { agent, announce } = recordingAgent(steps);
      const admission: Admission = {
        release: async () => void steps.push("released"),
        refund: async () => void steps.push("refunded"),
        attribute: async () => void steps.push("attributed"),
      };
      const launched = await launch(
        "conversation-1",
        agent,
        async () => {
          announce("run-1");
          await Promise.resolve();
          if (ending === "failed") throw new Error("the model went away");
          return { status: "completed" };
        },
        undefined,
        admission,
      );
      expect(launched.kind).toBe("running");
      if (launched.kind === "running") await launched.done;
      expect(steps, ending).toEqual(["disposed", "released"]);
    }
  });
});
