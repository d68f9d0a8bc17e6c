/**
 * Tokens the model sees per turn for an open form: the tier-0 context line plus the form tools'
 * specs (name, description, JSON input schema) exactly as the runtime sends them (toolSpec), for a
 * 6-field and a 60-field form. Tokens are approximated as characters / 4 (Anthropic's own rule of
 * thumb for English and JSON; no tokenizer ships offline). The 60-field form must cost no more than
 * twice the 6-field one: the schemas do not grow with the form, only the line does, and it is capped.
 *
 *   npx tsx tests/bench/forms/tokens.ts
 */
import { z } from "zod";
import { toolSpec } from "@/lib/agent/tool";
import { defineForm, FormRegistry, FormRunner } from "@/lib/forms";
import { MemoryFormAdapter } from "@/lib/forms/testing";
import { createFormTools } from "@/lib/tools/forms/server";

const approxTokens = (text: string) => Math.ceil(text.length / 4);

function form(fields: number) {
  const perStep = Math.max(1, Math.ceil(fields / 3));
  let builder = defineForm({
    id: `form-${fields}`,
    version: 1,
    name: `Form of ${fields}`,
    description: `A generated form with ${fields} fields.`,
  });
  for (let step = 0; step * perStep < fields; step++) {
    builder = builder.step(`step-${step}`, { title: `Step ${step + 1}` }, (s) => {
      for (let i = step * perStep; i < Math.min(fields, (step + 1) * perStep); i++)
        s.field(`field_${i}`, { schema: z.string().min(1), label: `Question number ${i + 1}` });
    });
  }
  return builder;
}

async function measure(fields: number) {
  const registry = new FormRegistry();
  registry.register(form(fields));
  const runner = new FormRunner({ registry, adapter: new MemoryFormAdapter() });
  const { instanceId } = await runner.start(`form-${fields}`, { by: { kind: "agent" } });
  await runner.fill(instanceId, { field_0: "an answer" }, { by: { kind: "agent" } });
  const line = await runner.contextLine();
  const specs = JSON.stringify(createFormTools({ runner: async () => runner, recordUpdate: async () => {} }).map(toolSpec));
  return {
    fields,
    lineTokens: approxTokens(line),
    schemaTokens: approxTokens(specs),
    total: approxTokens(line) + approxTokens(specs),
    line,
  };
}

const small = await measure(6);
const large = await measure(60);
for (const row of [small, large])
  console.log(`${row.fields} fields: line ${row.lineTokens} + tools ${row.schemaTokens} = ${row.total} tokens per turn  (${row.line})`);
const ratio = large.total / small.total;
console.log(`ratio 60/6: ${ratio.toFixed(3)} (limit 2)`);
if (ratio > 2) {
  console.error("The 60-field form costs more than twice the 6-field one.");
  process.exit(1);
}
