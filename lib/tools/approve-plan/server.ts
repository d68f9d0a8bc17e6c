import { defineTool, success } from "@/lib/agent";
import { APPROVE_PLAN, approvePlanAnswer, approvePlanProps } from "@/lib/tools/approve-plan";

export const approvePlanTool = defineTool({
  name: APPROVE_PLAN,
  description:
    "Show a plan (a title and 1 to 20 steps) for approval before you start it. The person approves, edits or rejects each step. " +
    "Returns {approved, steps: [{title, decision}]}: follow the steps as returned, skip rejected ones, and do nothing if not approved.",
  inputSchema: approvePlanProps,
  displayPropsSchema: approvePlanProps,
  resolveSchema: approvePlanAnswer,
  async do(input, display) {
    const answer = await display.pushAndWait(input);
    return success({ approved: answer.approved, steps: answer.steps });
  },
});
