// The request's counters (model steps for the iteration cap, effective tokens for the budget) live on the
// Run row, so a continuation in another "process" (own Prisma client, store and agent) counts on from them.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Glove, type GloveConfig } from "@/lib/agent/agent";
import { defineTool, success } from "@/lib/agent/tool";
import { createConversation } from "@/lib/db/conversations";
import { createPrismaClient, type PrismaClient } from "@/lib/db/client";
import { PostgresStore } from "@/lib/db/postgres-store";
import type { TenantContext } from "@/lib/db/tenant-context";
import { ScriptedModel, type ScriptedStep } from "@/lib/models/testing";
import { testDatabaseUrl } from "@/tests/integration/support/databases";
import { createTenant } from "./support";

const askTool = defineTool({
  name: "ask",
  description: "Asks a person.",
  inputSchema: z.object({}),
  displayPropsSchema: z.object({}),
  resolveSchema: z.object({ ok: z.boolean() }),
  async do(_input, display) {
    return success(await display.pushAndWait({}));
  },
});

const echoTool = defineTool({
  name: "echo",
  description: "Echoes.",
  inputSchema: z.object({ text: z.string() }),
  async do(input) {
    return success(input.text);
  },
});

const clients: PrismaClient[] = [];
let tenant: TenantContext;

beforeAll(async () => {
  tenant = await createTenant("usage");
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((db) => db.$disconnect()));
});

/** A fresh "server process": own Prisma client, store and agent over the conversation's rows. */
async function startInstance(conversationId: string, script: ScriptedStep[], config: Partial<GloveConfig>) {
  const db = createPrismaClient(testDatabaseUrl());
  clients.push(db);
  const store = await PostgresStore.open(db, { organizationId: tenant.organizationId, conversationId });
  const model = new ScriptedModel(script);
  const glove = new Glove({ store, model, systemPrompt: "You test.", ...config }).fold(askTool).fold(echoTool).build();
  return { glove, model, store };
}

/** Runs one step that waits on a card, answers it from a second process and continues there. */
async function continuedElsewhere(first: ScriptedStep, rest: ScriptedStep[], config: Partial<GloveConfig>) {
  const { id: conversationId } = await createConversation(tenant);
  const one = await startInstance(conversationId, [first], config);
  const suspended = await one.glove.processRequest("Go");
  if (suspended.status !== "suspended") throw new Error(`expected a suspended run, got ${suspended.status}`);
  const two = await startInstance(conversationId, rest, config);
  await two.glove.resolveSlot(suspended.slots[0].id, { ok: true });
  const outcome = await two.glove.continueRun();
  return { runId: suspended.runId, outcome, model: two.model, store: two.store };
}

describe("run usage over Postgres", () => {
  it("the budget spans the wait: the continuation elsewhere stops at what the request spent in total", async () => {
    const ask = { toolCalls: [{ id: "ask-1", name: "ask", input: {} }], usage: { tokens_in: 700 } };
    const { runId, outcome, model, store } = await continuedElsewhere(
      ask,
      [{ toolCalls: [{ name: "echo", input: { text: "x" } }], usage: { tokens_in: 400 } }, { text: "Summary." }],
      { requestBudget: 1000 },
    );
    expect(model.requests.map((request) => request.toolChoice)).toEqual([undefined, "none"]);
    expect(outcome).toMatchObject({ status: "completed", reply: { text: expect.stringContaining("using 1,100 effective tokens") } });
    expect(await store.getRun(runId)).toMatchObject({ model_steps: 3, effective_tokens: 1100 });
  });

  it("the iteration cap counts the steps made before the wait in another process", async () => {
    const ask = { toolCalls: [{ id: "ask-2", name: "ask", input: {} }] };
    const { model } = await continuedElsewhere(ask, [{ toolCalls: [{ name: "echo", input: { text: "x" } }] }, { text: "Summary." }], {
      maxIterations: 2,
    });
    expect(model.requests.map((request) => request.toolChoice)).toEqual([undefined, "none"]);
  });
});
