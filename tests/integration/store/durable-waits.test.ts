// Durable waits end to end: the real runtime (lib/agent) and the scripted model over PostgresStore.
// "A new process" is a new Prisma client (its own pool), a new store and a new agent over the same
// rows, with nothing carried over in memory but the ids a client would have.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Glove } from "@/lib/agent/agent";
import { ConflictError } from "@/lib/agent/errors";
import type { Message } from "@/lib/agent/messages";
import { defineTool, failure, success } from "@/lib/agent/tool";
import { createConversation } from "@/lib/db/conversations";
import { createPrismaClient, type PrismaClient } from "@/lib/db/client";
import { PostgresStore } from "@/lib/db/postgres-store";
import type { TenantContext } from "@/lib/db/tenant-context";
import { ScriptedModel, type ScriptedStep } from "@/lib/models/testing";
import { testDatabaseUrl } from "@/tests/integration/support/databases";
import { createTenant } from "./support";

/** Side effects live outside every process: a payment system that counts what it was asked to do. */
const payments: string[] = [];

/** Asks for approval, then pays: the side effect comes after the wait, as the tool guide says. */
const payTool = defineTool({
  name: "pay",
  description: "Pays an invoice after a person approves it.",
  inputSchema: z.object({ invoice: z.string() }),
  displayPropsSchema: z.object({ question: z.string() }),
  resolveSchema: z.object({ approved: z.boolean() }),
  async do(input, display, _glove, _signal, ctx) {
    const answer = await display.pushAndWait({ question: `Pay ${input.invoice}?` });
    if (!answer.approved) return failure("The payment was not approved.");
    payments.push(`${input.invoice} (key ${ctx.callId})`);
    return success({ paid: input.invoice });
  },
});

interface ServerInstance {
  glove: Glove;
  model: ScriptedModel;
  store: PostgresStore;
  db: PrismaClient;
}

const instances: ServerInstance[] = [];
let tenant: TenantContext;

beforeAll(async () => {
  tenant = await createTenant("durable");
});
afterEach(async () => {
  await Promise.all(instances.splice(0).map((instance) => instance.db.$disconnect()));
  payments.length = 0;
});

/** A fresh "server process" for the conversation: own Prisma client, store and agent. */
async function startInstance(conversationId: string, script: ScriptedStep[]): Promise<ServerInstance> {
  const db = createPrismaClient(testDatabaseUrl());
  const store = await PostgresStore.open(db, { organizationId: tenant.organizationId, conversationId });
  const model = new ScriptedModel(script);
  const glove = new Glove({ store, model, systemPrompt: "You pay invoices." }).fold(payTool).build();
  const instance = { glove, model, store, db };
  instances.push(instance);
  return instance;
}

/** Ends a process as a crash would, as far as this test can tell: its pool is gone and nothing of it is used again. */
async function stopInstance(instance: ServerInstance) {
  instances.splice(instances.indexOf(instance), 1);
  await instance.db.$disconnect();
}

function expectEveryCallAnswered(history: Message[]) {
  history.forEach((message, index) => {
    if (!message.tool_calls?.length) return;
    expect(history[index + 1]?.tool_results?.map((result) => result.call_id)).toEqual(message.tool_calls.map((call) => call.id));
  });
}

describe("durable waits over Postgres", () => {
  it("a wait survives a new process: resolve and continue there, the side effect happens exactly once", async () => {
    const { id: conversationId } = await createConversation(tenant);
    const first = await startInstance(conversationId, [
      { text: "I need your approval.", toolCalls: [{ id: "call-pay", name: "pay", input: { invoice: "INV-1" } }] },
    ]);
    const suspended = await first.glove.processRequest("Pay INV-1");
    expect(suspended).toMatchObject({ status: "suspended", slots: [{ call_id: "call-pay", status: "pending" }] });
    const slotId = suspended.status === "suspended" ? suspended.slots[0].id : "";
    await stopInstance(first);
    expect(payments).toEqual([]);

    const second = await startInstance(conversationId, [{ text: "Paid INV-1." }]);
    expect(await second.glove.resolveSlot(slotId, { approved: true })).toMatchObject({ changed: true, continuable: true });
    expect(await second.glove.resolveSlot(slotId, { approved: true })).toMatchObject({ changed: false });
    await expect(second.glove.resolveSlot(slotId, { approved: false })).rejects.toThrow(ConflictError);
    expect(await second.glove.continueRun()).toMatchObject({ status: "completed", reply: { text: "Paid INV-1." } });
    expect(payments).toEqual(["INV-1 (key call-pay)"]);

    // Yet another process finds nothing left to do and never runs the call again.
    await stopInstance(second);
    const third = await startInstance(conversationId, []);
    expect(await third.glove.continueRun()).toEqual({ status: "idle" });
    expect(payments).toHaveLength(1);

    const history = await third.store.getMessages();
    expectEveryCallAnswered(history);
    expect(
      history.map((message) =>
        message.tool_calls?.length ? "calls" : message.tool_results?.length ? "results" : `${message.sender}:${message.text}`,
      ),
    ).toEqual(["user:Pay INV-1", "calls", "results", "agent:Paid INV-1."]);
    expect(history[2].tool_results?.[0].result).toMatchObject({ status: "success", data: { paid: "INV-1" } });
    expect(await third.store.getActiveRun()).toBeNull();
  });

  it("two instances answer at once with different values: one wins, the other gets a conflict", async () => {
    const { id: conversationId } = await createConversation(tenant);
    const first = await startInstance(conversationId, [{ toolCalls: [{ id: "call-race", name: "pay", input: { invoice: "INV-2" } }] }]);
    const suspended = await first.glove.processRequest("Pay INV-2");
    const slotId = suspended.status === "suspended" ? suspended.slots[0].id : "";
    await stopInstance(first);

    const [yes, no] = await Promise.all([
      startInstance(conversationId, [{ text: "Paid." }]),
      startInstance(conversationId, [{ text: "Not paid." }]),
    ]);
    const outcomes = await Promise.allSettled([
      yes.glove.resolveSlot(slotId, { approved: true }),
      no.glove.resolveSlot(slotId, { approved: false }),
    ]);
    const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toBeInstanceOf(ConflictError);

    const winner = outcomes[0].status === "fulfilled" ? yes : no;
    const continued = await Promise.all([yes.glove.continueRun(), no.glove.continueRun()]);
    expect(continued.filter((outcome) => outcome.status === "completed")).toHaveLength(1);
    expect(payments).toEqual(winner === yes ? ["INV-2 (key call-race)"] : []);
    expectEveryCallAnswered(await winner.store.getMessages());
  });

  it("two waits in one model step surface together, and the run continues only once both are settled", async () => {
    const { id: conversationId } = await createConversation(tenant);
    const first = await startInstance(conversationId, [
      {
        toolCalls: [
          { id: "call-a", name: "pay", input: { invoice: "INV-A" } },
          { id: "call-b", name: "pay", input: { invoice: "INV-B" } },
        ],
      },
    ]);
    const suspended = await first.glove.processRequest("Pay both");
    expect(suspended.status).toBe("suspended");
    const slots = suspended.status === "suspended" ? suspended.slots : [];
    expect(slots.map((slot) => slot.call_id)).toEqual(["call-a", "call-b"]);
    await stopInstance(first);

    const second = await startInstance(conversationId, []);
    expect(await second.glove.resolveSlot(slots[0].id, { approved: true })).toMatchObject({ changed: true, continuable: false });
    expect(await second.glove.continueRun()).toMatchObject({ status: "suspended", slots: [{ id: slots[1].id }] });
    expect(second.model.requests).toHaveLength(0);
    expect(payments).toEqual([]);
    await stopInstance(second);

    const third = await startInstance(conversationId, [{ text: "Paid A; B was declined." }]);
    expect(await third.glove.rejectSlot(slots[1].id, "Not this one.")).toMatchObject({ changed: true, continuable: true });
    expect(await third.glove.continueRun()).toMatchObject({ status: "completed" });
    expect(payments).toEqual(["INV-A (key call-a)"]);
    expect(third.model.requests).toHaveLength(1);

    const history = await third.store.getMessages();
    expectEveryCallAnswered(history);
    expect(history[2].tool_results?.map((result) => result.result.status)).toEqual(["success", "error"]);
  });
});
