// Issue 12: a message sent while the instance running the answer is dead (its lease not yet run
// out) is queued; when the dead run is marked failed, the queued message is answered, not left
// waiting for someone to press Retry.
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { SERVER_STOPPED_MESSAGE } from "@/lib/server/runs/lease-config";
import { recoverDeadRuns } from "@/lib/server/runs/recover-dead-runs";
import { createTenant, openNewConversationStore } from "@/tests/integration/store/support";
import { eventually } from "@/tests/support/eventually";

describe("messages queued behind a run whose server died", () => {
  it("are answered, in order, once the dead run is marked failed", async () => {
    const tenant = await createTenant("dead-run");
    const { conversation, store } = await openNewConversationStore(tenant);
    const scope = { organizationId: tenant.organizationId, conversationId: conversation.id };
    const now = new Date().toISOString();
    // What a dead instance leaves: the person's message, its run still `running`, and a message queued behind it.
    await store.appendMessages([{ id: "m1", sender: "user", text: "First question.", created_at: now }]);
    expect(await store.createRun({ id: "dead-run", status: "running", created_at: now })).toBe(true);
    expect(await store.enqueueMessage({ id: "q1", text: "Second question.", created_at: now }, 10)).toBe(true);
    await prisma.$executeRaw`UPDATE "Run" SET "updatedAt" = now() - interval '1 hour', "leaseExpiresAt" = now() - interval '1 minute' WHERE id = 'dead-run'`;

    const expired = await recoverDeadRuns(scope);
    expect(expired.map((run) => run.runId)).toEqual(["dead-run"]);
    expect(await store.getRun("dead-run")).toMatchObject({ status: "failed", error: SERVER_STOPPED_MESSAGE });

    await eventually(async () => {
      const runs = await prisma.run.findMany({ where: { organizationId: tenant.organizationId, id: { not: "dead-run" } } });
      return runs.length === 1 && runs[0].status === "completed";
    }, 20_000);
    expect(await store.getQueuedMessages()).toEqual([]);
    const history = await store.getMessages();
    const texts = history.filter((message) => message.sender === "user").map((message) => message.text);
    expect(texts).toEqual(["First question.", "Second question."]);
    expect(history.at(-1)?.sender).toBe("agent");
  });
});
