import { describe, expect, it } from "vitest";
import { createInvokeSkillTool } from "@/lib/agent/builtin-tools/invoke-skill";
import { createInvokeSubagentTool } from "@/lib/agent/builtin-tools/invoke-subagent";
import { createUpdateTasksTool } from "@/lib/agent/builtin-tools/update-tasks";
import { MemoryStore } from "@/lib/agent/testing";
import { toolSpec } from "@/lib/agent/tool";

// The built-in tools are rebuilt for every request; their JSON schema is converted once per zod
// schema object (tool.ts). A schema built inside the factory made every request convert it again.
describe("built-in tools rebuilt per request", () => {
  const store = new MemoryStore();
  const emit = async () => {};
  const controls = { forceCompaction: async () => {}, setModel: () => {} } as never;
  const factories = {
    glove_update_tasks: () => createUpdateTasksTool({ store, emit }),
    glove_invoke_skill: () => createInvokeSkillTool(new Map(), emit, controls),
    glove_invoke_subagent: () => createInvokeSubagentTool(new Map(), store, emit, () => undefined),
  };

  for (const [name, build] of Object.entries(factories)) {
    it(`${name}: one input schema, so the model's JSON schema is converted once`, () => {
      const first = build();
      const second = build();
      expect(second.inputSchema).toBe(first.inputSchema);
      expect(toolSpec(second).input_schema).toBe(toolSpec(first).input_schema);
    });
  }
});
