import { approvePlan } from "./approve-plan/shape";
import { askPreference } from "./ask-preference/shape";
import { collectForm } from "./collect-form/shape";
import { confirmAction } from "./confirm-action/shape";
import { sendEmail } from "./send-email/shape";
import { showInfoCard } from "./show-info-card/shape";
import { suggestOptions } from "./suggest-options/shape";
import { textInput } from "./text-input/shape";

/**
 * The built-in tools, once, in the order the settings page lists them. Zod only, so the server's
 * tool list and the browser's renderer registry both derive from it: each is keyed by these
 * names, and the compiler refuses a list that misses one (tests/unit/tools/catalog.test.ts checks it too).
 */
export const BUILTIN_TOOL_SHAPES = [
  sendEmail,
  confirmAction,
  askPreference,
  suggestOptions,
  textInput,
  collectForm,
  approvePlan,
  showInfoCard,
] as const;

type BuiltinShape = (typeof BUILTIN_TOOL_SHAPES)[number];
export type BuiltinToolName = BuiltinShape["name"];
/** The tools that draw a card of their own, so the browser needs a renderer for each. */
export type CardToolName = Extract<BuiltinShape, { card: string }>["name"];

/** Plain strings: settings compare stored names, which may be anything, against them. */
export const BUILTIN_TOOL_NAMES: string[] = BUILTIN_TOOL_SHAPES.map((shape) => shape.name);
export const CARD_TOOL_NAMES = BUILTIN_TOOL_SHAPES.flatMap((shape) => ("card" in shape ? [shape.name] : [])) as CardToolName[];

/** What people call each built-in tool (the settings page lists these; the id is what the model sees). */
export const TOOL_TITLES: Record<BuiltinToolName, string> = {
  send_email: "Send an email",
  confirm_action: "Ask for a confirmation",
  ask_preference: "Ask for a choice",
  suggest_options: "Suggest options",
  text_input: "Ask for text",
  collect_form: "Ask for several answers",
  approve_plan: "Ask to approve a plan",
  show_info_card: "Show an information card",
};

/** A tool's name for people: its title, or for a tool without one its id in words ("glove_update_tasks" → "Update tasks"). */
export function toolTitle(name: string): string {
  const title = (TOOL_TITLES as Record<string, string | undefined>)[name];
  if (title) return title;
  const words = name
    .replace(/^glove_/, "")
    .replace(/[_-]+/g, " ")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
