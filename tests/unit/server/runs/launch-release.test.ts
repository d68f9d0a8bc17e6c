// The order in which a launched run's work ends: the run's usage hold goes once its last token
// events are stored (so they are metered first), with them when their statement is still to be
// written, and the agent is disposed of after.
import { describe, expect, it, vi } from "vitest";
import { NOTHING_HELD, type Admission } from "@/lib/server/billing/admission";
import { launch } from "@/lib/server/runs/launch";
import type { RecordedAgent } from "@/lib/server/runs/open-turn";

// The process's registry of runs listens on Postgres for abort requests: not what this is about.
vi.mock("@/lib/server/runs/local-executions", () => ({ track: () => {} }));

function recordingAgent(steps: string[], rides: boolean) {
  let announce: (runId: string) => void = () => {};
  const agent = {
    signal: new AbortController().signal,
    onRunning: (listener: (runId: string) => void) => {
      announce = listener;
      return () => {};
    },
    recorder: {
      flushReleasing: async (holds: readonly string[]) => {
        await Promise.resolve();
        steps.push(`flushed, releasing ${holds.join(",") || "nothing"}`);
        return rides;
      },
    },
    dispose: async () => {
      await Promise.resolve();
      steps.push("disposed");
    },
  } as unknown as RecordedAgent;
  return { agent, announce: (runId: string) => announce(runId) };
}

/** An admission as admitRun's: `releaseWith` hands its hold to the flush, and deletes it alone only when it did not ride. */
function admissionOf(steps: string[]): Admission {
  return {
    release: async () => void steps.push("released alone"),
    releaseWith: async (withLastEvents) => {
      if (!(await withLastEvents(["hold-1"]))) steps.push("released alone");
    },
    refund: async () => void steps.push("refunded"),
    attribute: async () => void steps.push("attributed"),
  };
}

async function launchEnding(
  ending: "completed" | "failed",
  agent: RecordedAgent,
  announce: (runId: string) => void,
  admission?: Admission,
) {
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
}

describe("launch", () => {
  it("releases the run's hold with its last events, then disposes of the agent, after a run and after a failure", async () => {
    for (const ending of ["completed", "failed"] as const) {
      const steps: string[] = [];
      const { agent, announce } = recordingAgent(steps, true);
      await launchEnding(ending, agent, announce, admissionOf(steps));
      expect(steps, ending).toEqual(["flushed, releasing hold-1", "disposed"]);
    }
  });

  it("releases the hold alone once the flush is done when it could not ride (nothing was left to write)", async () => {
    const steps: string[] = [];
    const { agent, announce } = recordingAgent(steps, false);
    await launchEnding("completed", agent, announce, admissionOf(steps));
    expect(steps).toEqual(["flushed, releasing hold-1", "released alone", "disposed"]);
  });

  it("without a hold, flushes nothing special and disposes", async () => {
    const steps: string[] = [];
    const { agent, announce } = recordingAgent(steps, true);
    await launchEnding("completed", agent, announce, NOTHING_HELD);
    expect(steps).toEqual(["flushed, releasing nothing", "disposed"]);
    const bare: string[] = [];
    const other = recordingAgent(bare, true);
    await launchEnding("completed", other.agent, other.announce);
    expect(bare).toEqual(["disposed"]);
  });
});
