import { defineCardTool } from "../card-tool.server";
import { confirmAction } from "./shape";

export const confirmActionTool = defineCardTool({
  shape: confirmAction,
  description:
    "Ask the person to confirm before you do something consequential (deleting, sending, paying). " +
    "Returns {confirmed: true|false}; do the action only when confirmed.",
});
