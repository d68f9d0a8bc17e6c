// An answer whose end falls in a database crash: the stream still gets a verdict (from memory),
// the run is settled with the true cause as soon as the database is back (not by the lease sweep),
// and a message queued behind it is then answered.
import { describe, expect, it } from "vitest";
import { RUN_NOT_SAVED_MESSAGE } from "@/lib/agent/agent-loop";
import { prisma } from "@/lib/db/client";
import { ScriptedModel } from "@/lib/models/testing";
import { localHub, type HubSignal } from "@/lib/server/events/local-hub";
import { createTenant } from "@/tests/integration/store/support";
import { createConversation } from "@/lib/db/conversations";
import { eventually } from "@/tests/support/eventually";
import { agentWith, database, launchRequest } from "./support";

describe("an answer that ends while the database is crashed", () => {
  it("ends its stream with a verdict, is failed with the true cause once the database is back, and the queued message is answered", async () => {
    const tenant = await createTenant("crash");
    const conversation = await createConversation(tenant);
    const signals: HubSignal[] = [];
    const unsubscribe = localHub().subscribe(conversation.id, (signal) => signals.push(signal));
    let queue: (text: string) => Promise<unknown> = async () => {};
    const model = new ScriptedModel([
      async () => {
        // Sent while the answer streams: queued for the run, then the database crashes before the answer is stored.
        await queue("And one more question.");
        await database.stop("immediate");
        return { text: "The answer that could not be saved." };
      },
    ]);
    const { agent, glove, store } = await agentWith(tenant, conversation.id, model);
    queue = (text) => glove.queueMessage(text);
    const launched = await launchRequest(conversation.id, agent, "A question.");
    const { runId } = launched;

    // The verdict reaches this instance's streams from memory while nothing can be stored.
    await eventually(async () => signals.some((signal) => signal.kind === "unstored" && signal.event.type === "run_failed"));
    const verdict = signals.find((signal) => signal.kind === "unstored");
    expect(verdict).toMatchObject({ event: { data: { run_id: runId, message: RUN_NOT_SAVED_MESSAGE } } });

    await database.start();
    // Settled by this instance's retry loop, with the true cause, well before a lease would run out.
    const failed = await eventually(async () => {
      const run = await store.getRun(runId);
      return run?.status === "failed" ? run : null;
    }, 10_000);
    expect(failed.error).toBe(RUN_NOT_SAVED_MESSAGE);
    await launched.done;

    // The queued message is answered by a run of its own; nothing is left running or queued.
    await eventually(async () => {
      const runs = await prisma.run.findMany({ where: { organizationId: tenant.organizationId, id: { not: runId } } });
      return runs.length > 0 && runs.every((run) => run.status === "completed");
    }, 20_000);
    expect(await store.getQueuedMessages()).toEqual([]);
    const history = await store.getMessages();
    expect(history.some((message) => message.sender === "user" && message.text === "And one more question.")).toBe(true);
    expect(history.at(-1)?.sender).toBe("agent");
    unsubscribe();
  });
});
