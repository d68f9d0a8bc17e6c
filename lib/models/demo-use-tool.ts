import type { ModelToolSpec } from "@/lib/agent/model-adapter";

/**
 * "use <tool> {json input}": the demo model calls any tool the request offers by its name, so a
 * browser test can drive a tool no fixed trigger knows (a team's connector tools,
 * `<connector>__<tool>`). "use lookup_contact ..." finds `crm__lookup_contact` when exactly one
 * connector has that tool. Checked before the fixed triggers: "use crm__delete_contact" is no
 * "delete ..." confirmation.
 */
export const DEMO_USE_TOOL = {
  example: 'use crm__lookup_contact {"id": "42"}',
  pattern: /^use ([A-Za-z0-9_-]{1,64})(?:\s+(.*))?$/i,
  /** Said in the demo's help text (the "I heard" reply). */
  help: 'To call any tool by its name, say "use <tool> {json input}".',
};

export type DemoToolUse = { tool: string; input: Record<string, unknown> } | { reply: string };

/** The call for a "use ..." sentence, a reply that says what is wrong with it, or null when the sentence names no tool. */
export function demoToolUse(text: string, tools: readonly ModelToolSpec[] = []): DemoToolUse | null {
  const match = text.match(DEMO_USE_TOOL.pattern);
  if (!match) return null;
  const [, name, rest = ""] = match;
  const exact = tools.find((tool) => tool.name === name);
  const byToolPart = tools.filter((tool) => tool.name.endsWith(`__${name}`));
  if (!exact && byToolPart.length > 1) {
    return {
      reply: `Several tools are called ${name}: ${byToolPart.map((tool) => tool.name).join(", ")}. Say which one, with its connector.`,
    };
  }
  const tool = exact ?? byToolPart[0];
  if (!tool) {
    // A plain word ("use it") is no tool name: the fixed triggers may still know the sentence.
    return name.includes("__") ? { reply: `No tool called ${name} is switched on for this agent.` } : null;
  }
  const input = parseInput(rest.trim());
  if (input === null) return { reply: `The input for ${tool.name} must be a JSON object, for example: use ${tool.name} {"id": "42"}` };
  return { tool: tool.name, input };
}

function parseInput(text: string): Record<string, unknown> | null {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
