import { defineCardTool } from "../card-tool.server";
import { askPreference } from "./shape";

export const askPreferenceTool = defineCardTool({
  shape: askPreference,
  description: "Ask the person to pick exactly one of 2 to 12 options. Returns {choice}.",
});
