import { defineTool, success } from "@/lib/agent";
import { CONFIRM_ACTION, confirmActionAnswer, confirmActionProps } from "@/lib/tools/confirm-action";

export const confirmActionTool = defineTool({
  name: CONFIRM_ACTION,
  description:
    "Ask the person to confirm before you do something consequential (deleting, sending, paying). " +
    "Returns {confirmed: true|false}; do the action only when confirmed.",
  inputSchema: confirmActionProps,
  displayPropsSchema: confirmActionProps,
  resolveSchema: confirmActionAnswer,
  async do(input, display) {
    const { confirmed } = await display.pushAndWait(input);
    return success({ confirmed });
  },
});
