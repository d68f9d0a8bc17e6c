import { describe, expect, it } from "vitest";
import { Glove, type GloveTool, type ModelToolSpec } from "@/lib/agent";
import { MemoryStore } from "@/lib/agent/testing";
import { ScriptedModel } from "@/lib/models/testing";
import { createPostToInboxTool } from "@/lib/agent/builtin-tools/post-to-inbox";
import { createFormTools } from "@/lib/tools/forms/server";
import { createBuiltinTools } from "@/lib/tools/server";

type JsonSchema = {
  type?: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

/** Paths of every object field (nested objects and array items included) whose schema has no description. */
function undescribed(schema: JsonSchema, path = ""): string[] {
  const missing: string[] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const at = path ? `${path}.${name}` : name;
    if (!field.description?.trim()) missing.push(at);
    missing.push(...undescribed(field, at));
  }
  if (schema.items) missing.push(...undescribed(schema.items, `${path}[]`));
  for (const option of schema.anyOf ?? []) missing.push(...undescribed(option, path));
  return missing;
}

/** Every tool a tenant's agent can have (the catalog's, the forms', the runtime's own), as the model is sent them. */
async function everyBuiltinToolSpec(): Promise<ModelToolSpec[]> {
  const model = new ScriptedModel([{ text: "ok" }]);
  const glove = new Glove({ store: new MemoryStore("t"), model, systemPrompt: "" });
  const mailbox = { record: () => Promise.reject(new Error("not run")) };
  const forms = createFormTools({ runner: () => Promise.reject(new Error("not run")), recordUpdate: async () => {} });
  for (const tool of [...createBuiltinTools({ mailbox }), ...forms]) glove.fold(tool as GloveTool);
  glove.defineSkill({ name: "brief", handler: () => "Be brief.", exposeToAgent: true, description: "Short answers." }).build();
  await glove.processRequest("hi");
  return model.requests[0].tools ?? [];
}

describe("built-in tools describe every field", () => {
  const specs = everyBuiltinToolSpec();

  it("covers the catalog, the form tools and the runtime's own tools", async () => {
    expect((await specs).map((spec) => spec.name)).toEqual(
      expect.arrayContaining(["send_email", "glove_form_fill", "glove_update_tasks", "glove_post_to_inbox", "glove_invoke_skill"]),
    );
  });

  it("each input field of each of them has a description", async () => {
    const missing = (await specs).flatMap((spec) => undescribed(spec.input_schema as JsonSchema).map((field) => `${spec.name}: ${field}`));
    expect(missing).toEqual([]);
  });
});

describe("built-in tools that write to the world", () => {
  it("are unAbortable: a Stop lets what started finish, so its result tells the truth", () => {
    const mailbox = { record: () => Promise.reject(new Error("not run")) };
    const forms = createFormTools({ runner: () => Promise.reject(new Error("not run")), recordUpdate: async () => {} });
    const runtime = [createPostToInboxTool({ store: new MemoryStore("t"), emit: async () => {}, now: () => new Date(), inbox: {} })];
    const unAbortable = [...createBuiltinTools({ mailbox }), ...forms, ...runtime]
      .filter((tool) => tool.unAbortable)
      .map((tool) => tool.name);
    expect(unAbortable).toEqual(["send_email", "glove_form_submit", "glove_post_to_inbox"]);
  });
});
