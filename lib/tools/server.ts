import type { GloveTool } from "@/lib/agent";
import { approvePlanTool } from "./approve-plan/server";
import { askPreferenceTool } from "./ask-preference/server";
import { BUILTIN_TOOL_SHAPES, type BuiltinToolName } from "./catalog";
import { collectFormTool } from "./collect-form/server";
import { confirmActionTool } from "./confirm-action/server";
import { createSendEmailTool, type DemoMailbox } from "./send-email/server";
import { showInfoCardTool } from "./show-info-card/server";
import { suggestOptionsTool } from "./suggest-options/server";
import { textInputTool } from "./text-input/server";

export type { DemoMailbox } from "./send-email/server";

interface ToolDeps {
  mailbox: DemoMailbox;
}

/** The server half of every catalog entry; the type refuses a missing or unknown name. */
const SERVER_HALVES: { [Name in BuiltinToolName]: (deps: ToolDeps) => GloveTool } = {
  send_email: (deps) => createSendEmailTool(deps.mailbox) as GloveTool,
  confirm_action: () => confirmActionTool as GloveTool,
  ask_preference: () => askPreferenceTool as GloveTool,
  suggest_options: () => suggestOptionsTool as GloveTool,
  text_input: () => textInputTool as GloveTool,
  collect_form: () => collectFormTool as GloveTool,
  approve_plan: () => approvePlanTool as GloveTool,
  show_info_card: () => showInfoCardTool as GloveTool,
};

/** The built-in tools an agent may enable, in the catalog's order. */
export function createBuiltinTools(deps: ToolDeps): GloveTool[] {
  return BUILTIN_TOOL_SHAPES.map((shape) => SERVER_HALVES[shape.name](deps));
}

const catalogMailbox: DemoMailbox = {
  record: () => Promise.reject(new Error("The tool catalog never runs tools.")),
};

/** Name, description and whether a card asks permission, for the settings page's checkboxes. */
export const BUILTIN_TOOL_CATALOG = createBuiltinTools({ mailbox: catalogMailbox }).map((tool) => ({
  name: tool.name,
  description: tool.description,
  requiresPermission: tool.requiresPermission === true || typeof tool.requiresPermission === "function",
}));
