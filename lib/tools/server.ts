import type { GloveTool } from "@/lib/agent";
import { approvePlanTool } from "./approve-plan";
import { askPreferenceTool } from "./ask-preference";
import { collectFormTool } from "./collect-form";
import { confirmActionTool } from "./confirm-action";
import { createSendEmailTool, type EmailOutbox } from "./send-email";
import { showInfoCardTool } from "./show-info-card";
import { suggestOptionsTool } from "./suggest-options";
import { textInputTool } from "./text-input";

export type { EmailOutbox } from "./send-email";

/** The built-in tools an agent may enable, in the order the settings page lists them. */
export function createBuiltinTools(deps: { outbox: EmailOutbox }): GloveTool[] {
  return [
    createSendEmailTool(deps.outbox),
    confirmActionTool,
    askPreferenceTool,
    suggestOptionsTool,
    textInputTool,
    collectFormTool,
    approvePlanTool,
    showInfoCardTool,
  ] as GloveTool[];
}

const catalogOutbox: EmailOutbox = {
  record: () => Promise.reject(new Error("The tool catalog never runs tools.")),
};

/** Name, description and whether a card asks permission, for the settings page's checkboxes. */
export const BUILTIN_TOOL_CATALOG = createBuiltinTools({ outbox: catalogOutbox }).map((tool) => ({
  name: tool.name,
  description: tool.description,
  requiresPermission: tool.requiresPermission === true || typeof tool.requiresPermission === "function",
}));

export const BUILTIN_TOOL_NAMES = BUILTIN_TOOL_CATALOG.map((tool) => tool.name);
