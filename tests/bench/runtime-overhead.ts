// The agent runtime's own cost per model step, with a model that answers instantly.
//
//   npx tsx tests/bench/runtime-overhead.ts
//
// Each request runs STEPS_PER_REQUEST model steps with one tool call each (an echo tool), then a
// final text reply, on a fresh conversation. A step is timed from one model call to the next: the
// tool call, every store read and write, event emission and the (scripted, zero-latency) model
// call itself. Database round trips are counted at the pg driver (every query a connection
// sends, BEGIN and COMMIT included). Uses DATABASE_URL's server when set (its database is migrated),
// otherwise starts an embedded PostgreSQL with its default, durable settings and removes it after.
import { randomBytes } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { z } from "zod";
import { Glove } from "@/lib/agent/agent";
import { MemoryStore } from "@/lib/agent/testing";
import type { StoreAdapter } from "@/lib/agent/store-adapter";
import { defineTool, success } from "@/lib/agent/tool";
import { createPrismaClient, type PrismaClient } from "@/lib/db/client";
import { PostgresStore } from "@/lib/db/postgres-store";
import { ScriptedModel, type ScriptedReply } from "@/lib/models/testing";
import { withPostgres } from "./support/with-postgres";

const STEPS_PER_REQUEST = 10;
const WARMUP_REQUESTS = 20;
const MEASURED_REQUESTS = 200;

const queryCount = countDriverQueries();

const echoTool = defineTool({
  name: "echo",
  description: "Echoes its text.",
  inputSchema: z.object({ text: z.string() }),
  do: async (input) => success({ echoed: input.text }),
});

interface Mark {
  at: number;
  queries: number;
  storeCalls: string[];
}

interface Result {
  label: string;
  stepMicros: number[];
  stepQueries: number[];
  requestQueries: number[];
  /** Store methods of one step, in call order. */
  stepCalls: string[];
  /** Store methods of a request outside its steps (start and end of the run). */
  requestCalls: string[];
}

async function measure(label: string, openStore: () => Promise<StoreAdapter>): Promise<Result> {
  const result: Result = { label, stepMicros: [], stepQueries: [], requestQueries: [], stepCalls: [], requestCalls: [] };
  for (let request = 0; request < WARMUP_REQUESTS + MEASURED_REQUESTS; request++) {
    const calls: string[] = [];
    const store = recordCalls(await openStore(), calls);
    const marks: Mark[] = [];
    const reply = (call: number): ScriptedReply => {
      marks.push({ at: performance.now(), queries: queryCount(), storeCalls: calls.splice(0) });
      return call < STEPS_PER_REQUEST ? { toolCalls: [{ name: "echo", input: { text: `step ${call}` } }] } : { text: "Done." };
    };
    const model = new ScriptedModel(Array.from({ length: STEPS_PER_REQUEST + 1 }, () => (_request, call) => reply(call)));
    const glove = new Glove({ store, model, systemPrompt: "You are a benchmark." }).fold(echoTool).build();

    const before = queryCount();
    const outcome = await glove.processRequest("Run the steps.");
    if (outcome.status !== "completed") throw new Error(`${label}: the request ended ${outcome.status}`);
    if (request < WARMUP_REQUESTS) continue;

    result.requestQueries.push(queryCount() - before);
    for (let step = 1; step < marks.length; step++) {
      result.stepMicros.push((marks[step].at - marks[step - 1].at) * 1000);
      result.stepQueries.push(marks[step].queries - marks[step - 1].queries);
    }
    result.stepCalls = marks[2].storeCalls;
    result.requestCalls = [...marks[0].storeCalls, "(steps)", ...calls];
  }
  return result;
}

/** Counts every query any pg connection of this process sends (Prisma's adapter uses the same pg). */
function countDriverQueries(): () => number {
  let count = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count++;
    return (original as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return () => count;
}

/** The store, recording the name of every method the runtime calls on it. */
function recordCalls(store: StoreAdapter, calls: string[]): StoreAdapter {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        calls.push(String(property));
        return (value as (...rest: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

async function benchmarkPostgres(databaseUrl: string): Promise<Result> {
  const db: PrismaClient = createPrismaClient(databaseUrl);
  try {
    const suffix = randomBytes(4).toString("hex");
    const organization = await db.organization.create({ data: { slug: `bench-${suffix}`, name: "Benchmark" } });
    try {
      return await measure("PostgresStore", async () => {
        const conversation = await db.conversation.create({ data: { organizationId: organization.id } });
        return PostgresStore.open(db, { organizationId: organization.id, conversationId: conversation.id });
      });
    } finally {
      await db.organization.delete({ where: { id: organization.id } });
    }
  } finally {
    await db.$disconnect();
  }
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

function report(result: Result) {
  const micros = (value: number) => `${Math.round(value)} µs`;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  console.log(
    `\n${result.label}: ${result.stepMicros.length} steps (${MEASURED_REQUESTS} requests of ${STEPS_PER_REQUEST} tool steps + a reply)`,
  );
  console.log(
    `  per step: p50 ${micros(percentile(result.stepMicros, 0.5))}, p99 ${micros(percentile(result.stepMicros, 0.99))}, mean ${micros(mean(result.stepMicros))}`,
  );
  console.log(
    `  database round trips per step: ${percentile(result.stepQueries, 0.5)} (min ${Math.min(...result.stepQueries)}, max ${Math.max(...result.stepQueries)})`,
  );
  console.log(`  database round trips per request: ${percentile(result.requestQueries, 0.5)}`);
  console.log(`  store calls per step: ${result.stepCalls.join(", ")}`);
  console.log(`  store calls per request outside steps: ${result.requestCalls.join(", ")}`);
}

const cpus = os.cpus();
console.log(`Agent runtime overhead, ${new Date().toISOString()}`);
console.log(`Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}`);
report(await measure("MemoryStore", async () => new MemoryStore("bench")));
report(await withPostgres(benchmarkPostgres));
