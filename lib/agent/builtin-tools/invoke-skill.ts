import { z } from "zod";
import type { DefineSkillArgs } from "../extensions/skills";
import type { AgentControls } from "../extensions/hooks";
import type { Emit } from "../events";
import { defineTool, failure, success } from "../tool";

export const INVOKE_SKILL_TOOL_NAME = "glove_invoke_skill";

// Module-level, so the JSON schema the model sees is converted once (tool.ts), not per rebuild.
const invokeSkillInput = z.object({
  name: z.string().describe("The skill to invoke, one of those listed above."),
  args: z.string().optional().describe("Text the skill receives, when it takes any."),
});

/** Lets the model run the skills defined with `exposeToAgent`. Rebuilt whenever such a skill is defined. */
export function createInvokeSkillTool(skills: ReadonlyMap<string, DefineSkillArgs>, emit: Emit, controls: AgentControls) {
  const exposed = [...skills.values()].filter((skill) => skill.exposeToAgent);
  return defineTool({
    name: INVOKE_SKILL_TOOL_NAME,
    description: [
      "Run one of these skills and get its instructions or content:",
      ...exposed.map((skill) => `- ${skill.name}: ${skill.description ?? ""}`),
    ].join("\n"),
    inputSchema: invokeSkillInput,
    async do(input) {
      const skill = skills.get(input.name);
      if (!skill?.exposeToAgent) {
        return failure(`Skill "${input.name}" is not available. Use one of: ${exposed.map((candidate) => candidate.name).join(", ")}.`);
      }
      await emit("skill_invoked", { name: skill.name, source: "agent", ...(input.args !== undefined && { args: input.args }) });
      const content = await skill.handler({ name: skill.name, parsedText: input.args ?? "", args: input.args, source: "agent", controls });
      return success({ skill: skill.name, content });
    },
  });
}
