import { FormRegistry, FormRunner, type FormActor, type FormView } from "@/lib/forms";
import { compileStoredForm } from "@/lib/forms/stored";
import { storedFormSchema } from "@/lib/forms/stored-form";
import { MemoryFormAdapter } from "@/lib/forms/testing";
import type { ToolResult } from "@/lib/agent/messages";
import type { MemoryStore } from "@/lib/agent/testing";
import type { ScriptedStep } from "@/lib/models/testing";
import { createFormTools } from "@/lib/tools/forms/server";
import { expenseClaimForm, supportRequestForm } from "@/prisma/demo-forms";
import { makeAgent } from "../../agent/helpers";

export const person: FormActor = { kind: "person", id: "user-1", name: "Ada" };
export const admin: FormActor = { kind: "person", id: "user-2", name: "Grace" };

/**
 * The form tools over the demo organization's stored forms (compiled as the server compiles
 * them), a MemoryFormAdapter, a MemoryStore and a scripted model; the context note wired as in
 * conversation-agent.ts. `views`: every `form_updated` the tools recorded.
 */
export function formHarness(script: ScriptedStep[]) {
  const registry = new FormRegistry();
  registry.register(compileStoredForm(storedFormSchema.parse(expenseClaimForm), 1));
  registry.register(compileStoredForm(storedFormSchema.parse(supportRequestForm), 1));
  const adapter = new MemoryFormAdapter();
  let n = 0;
  const runner = new FormRunner({ registry, adapter, newId: () => `inst-${++n}-0000` });
  const views: FormView[] = [];
  const harness = makeAgent(script, { contextNotes: async () => (await runner.contextLine()) || null });
  for (const tool of createFormTools({ runner: async () => runner, recordUpdate: async (view) => void views.push(view) }))
    harness.glove.fold(tool);
  return { ...harness, runner, adapter, views };
}

/** Every tool result stored so far, in order. */
export async function toolResults(store: MemoryStore): Promise<ToolResult[]> {
  return (await store.getMessages()).flatMap((message) => message.tool_results ?? []);
}

export async function lastResult(store: MemoryStore) {
  return (await toolResults(store)).at(-1)!.result as { status: string; data: Record<string, unknown>; message?: string };
}

/** Answers that fill the expense claim by rail, under the approval limit. */
export const claim = {
  purpose: "Client visit",
  "date of travel": "2030-03-01",
  "mode of travel": "rail",
  "ticket cost": 80,
  "total amount": 120,
};
