import { defineCardTool } from "../card-tool.server";
import { approvePlan } from "./shape";

export const approvePlanTool = defineCardTool({
  shape: approvePlan,
  description:
    "Show a plan (a title and 1 to 20 steps) for approval before you start it. The person approves, edits or rejects each step. " +
    "Returns {approved, steps: [{title, decision}]}: follow the steps as returned, skip rejected ones, and do nothing if not approved.",
});
