// After a run: whether the host looks for work left for a next run, and runs it.
import { describe, expect, it, vi } from "vitest";
import type { ConversationAgent } from "@/lib/server/agent/conversation-agent";
import { drainQueue } from "@/lib/server/runs/launch";

function agentWithLeftover(queued: number) {
  const getQueueAndInbox = vi.fn(async () => ({
    queued: Array.from({ length: queued }, (_, index) => ({
      id: `queued-${index}`,
      text: "later",
      created_at: "2030-01-01T00:00:00.000Z",
    })),
    inbox: [],
  }));
  const continueRun = vi.fn(async () => {
    queued = 0;
    return { status: "completed", runId: "run-next", reply: null, nothingLeft: true };
  });
  const agent = {
    store: { getQueueAndInbox },
    glove: { continueRun },
    signal: new AbortController().signal,
  } as unknown as ConversationAgent;
  return { agent, getQueueAndInbox, continueRun };
}

describe("drainQueue", () => {
  it("does not look when the run's end saw nothing that could be left", async () => {
    const { agent, getQueueAndInbox, continueRun } = agentWithLeftover(1);
    await drainQueue(agent, { status: "completed", nothingLeft: true });
    expect(getQueueAndInbox).not.toHaveBeenCalled();
    expect(continueRun).not.toHaveBeenCalled();
  });

  it("looks when the end could not tell, and runs what it finds once", async () => {
    const { agent, getQueueAndInbox, continueRun } = agentWithLeftover(1);
    await drainQueue(agent, { status: "completed", nothingLeft: false });
    expect(getQueueAndInbox).toHaveBeenCalledTimes(1);
    expect(continueRun).toHaveBeenCalledTimes(1);
  });

  it("does nothing after a run that did not complete", async () => {
    const { agent, getQueueAndInbox } = agentWithLeftover(1);
    await drainQueue(agent, { status: "suspended" });
    expect(getQueueAndInbox).not.toHaveBeenCalled();
  });
});
