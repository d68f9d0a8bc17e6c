import type { Message } from "../messages";
import type { AgentControls } from "./hooks";

export interface SkillContext {
  name: string;
  /** User source: the user's text with directives replaced. Agent source: the model's `args` or "". */
  parsedText: string;
  args?: string;
  source: "user" | "agent";
  controls: AgentControls;
}

export type SkillHandler = (ctx: SkillContext) => Promise<string> | string;

export interface DefineSkillArgs {
  name: string;
  handler: SkillHandler;
  /** Shown to the model in `glove_invoke_skill`. */
  description?: string;
  /** Lets the model invoke the skill itself through `glove_invoke_skill` (default false). */
  exposeToAgent?: boolean;
}

/** The flagged user message a `/skill` injects before the user's own message. */
export const skillMessage = (name: string, content: string, id: string, createdAt: string): Message => ({
  id,
  sender: "user",
  text: `[Skill: ${name}]\n${content}`,
  is_skill_injection: true,
  created_at: createdAt,
});
