// The latency of one `fill` on Postgres: FormRunner over PostgresFormAdapter, as the chat's tools and
// the card's values route use them.
//
//   npx tsx --conditions=react-server tests/bench/forms/fill.ts
//
// A 60-field form (3 steps of 20: text, email, number, integer, money, date, yes/no, one of) is
// stored through lib/db (createFormDefinition), read back with loadEnabledForms and compiled with
// compileStoredForm, as the runtime does. Each scenario fills 1 field, or 10 fields at once, with a
// new value every time (so every fill writes entries), WARMUP fills first and MEASURED timed ones.
// A fresh instance every FILLS_PER_INSTANCE fills keeps the entry log at a form's realistic size
// (failures.md: one ever-growing instance measures the log, not the fill). Uses DATABASE_URL's
// server when set (migrating it), otherwise an embedded PostgreSQL with default, durable settings.
import { randomBytes } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { createPrismaClient } from "@/lib/db/client";
import { createFormDefinition, loadEnabledForms } from "@/lib/db/form-definitions";
import { PostgresFormAdapter } from "@/lib/db/postgres-form-adapter";
import { FormRegistry, FormRunner, type FormActor } from "@/lib/forms";
import { compileStoredForm } from "@/lib/forms/stored";
import { storedFormSchema, type StoredField, type StoredFieldType } from "@/lib/forms/stored-form";
import { withPostgres } from "../support/with-postgres";

const FIELDS = 60;
const STEPS = 3;
const WARMUP = 50;
const MEASURED = 600;
const FILLS_PER_INSTANCE = 10;
const TARGET_P50_MS = 10;

const TYPES: StoredFieldType[] = ["text", "email", "number", "integer", "money", "date", "yes_no", "one_of"];
const OPTIONS = ["car", "rail", "air"];
const agent: FormActor = { kind: "agent", id: "bench" };

function field(index: number): StoredField {
  const type = TYPES[index % TYPES.length];
  return {
    id: `f${index}`,
    label: `Field ${index}`,
    type,
    required: true,
    ...(type === "one_of" && { options: OPTIONS }),
    ...(type === "money" && { currency: "EUR" }),
  };
}

/** A valid value for the field that differs from the one `round - 1` gave, so each fill writes. */
function valueFor(index: number, round: number): unknown {
  switch (TYPES[index % TYPES.length]) {
    case "text":
      return `answer ${round}`;
    case "email":
      return `person${round}@example.com`;
    case "number":
    case "money":
      return round + 0.5;
    case "integer":
      return round;
    case "date":
      return `2026-01-${String((round % 28) + 1).padStart(2, "0")}`;
    case "yes_no":
      return round % 2 === 0;
    default:
      return OPTIONS[round % OPTIONS.length];
  }
}

const perStep = FIELDS / STEPS;
const definition = storedFormSchema.parse({
  id: "bench-sixty",
  name: "Sixty fields",
  steps: Array.from({ length: STEPS }, (_, step) => ({
    id: `step${step}`,
    title: `Step ${step + 1}`,
    fields: Array.from({ length: perStep }, (_, offset) => field(step * perStep + offset)),
  })),
});

interface Scenario {
  label: string;
  fieldsPerFill: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(runner: FormRunner, scenario: Scenario) {
  const times: number[] = [];
  let instanceId = "";
  for (let round = 0; round < WARMUP + MEASURED; round++) {
    if (round % FILLS_PER_INSTANCE === 0) instanceId = (await runner.start(definition.id, { by: agent })).instanceId;
    const values: Record<string, unknown> = {};
    for (let k = 0; k < scenario.fieldsPerFill; k++) {
      const index = (round * scenario.fieldsPerFill + k) % FIELDS;
      values[`f${index}`] = valueFor(index, round);
    }
    const started = performance.now();
    const report = await runner.fill(instanceId, values, { by: agent });
    const elapsed = performance.now() - started;
    if (report.errors.length > 0 || report.stored.length !== scenario.fieldsPerFill)
      throw new Error(`A fill did not store what it was given: ${JSON.stringify(report.errors)}`);
    if (round >= WARMUP) times.push(elapsed);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return {
    label: scenario.label,
    fills: times.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean,
  };
}

async function run(databaseUrl: string) {
  // lib/db's shared Prisma client reads DATABASE_URL on first use.
  process.env.DATABASE_URL = databaseUrl;
  const db = createPrismaClient(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  try {
    const suffix = randomBytes(4).toString("hex");
    const user = await db.user.create({ data: { email: `bench-${suffix}@example.com`, name: "Bench" } });
    const organization = await db.organization.create({ data: { slug: `bench-${suffix}`, name: "Benchmark" } });
    const conversation = await db.conversation.create({ data: { organizationId: organization.id } });
    const ctx = { userId: user.id, organizationId: organization.id, orgSlug: organization.slug, role: "owner" as const };
    await createFormDefinition(ctx, definition);
    const registry = new FormRegistry();
    for (const row of await loadEnabledForms(ctx, [definition.id])) registry.register(compileStoredForm(row.definition, row.version));
    const adapter = new PostgresFormAdapter(pool, { organizationId: organization.id, conversationId: conversation.id });
    const runner = new FormRunner({ registry, adapter });
    const results = [];
    for (const scenario of [
      { label: "1 field", fieldsPerFill: 1 },
      { label: "10 fields at once", fieldsPerFill: 10 },
    ])
      results.push(await measure(runner, scenario));
    return results;
  } finally {
    await pool.end();
    await db.$disconnect();
  }
}

const results = await withPostgres(run);
const ms = (value: number) => `${value.toFixed(2)} ms`;
console.log(`fill on Postgres, ${FIELDS}-field stored form, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)}`);
console.log("| fill | fills measured | p50 | p99 | mean | target p50 |");
console.log("|---|---|---|---|---|---|");
for (const result of results)
  console.log(
    `| ${result.label} | ${result.fills} | ${ms(result.p50)} | ${ms(result.p99)} | ${ms(result.mean)} | ${result.p50 <= TARGET_P50_MS ? "met" : "missed"} (≤ ${TARGET_P50_MS} ms) |`,
  );
process.exit(0);
