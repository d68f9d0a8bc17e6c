import { defineCardTool } from "../card-tool.server";
import { suggestOptions } from "./shape";

export const suggestOptionsTool = defineCardTool({
  shape: suggestOptions,
  description: "Offer 2 to 12 options and let the person pick any number of them (exactly one when multiple is false). Returns {choices}.",
});
