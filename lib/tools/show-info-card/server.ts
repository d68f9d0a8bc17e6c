import { defineTool, success } from "@/lib/agent";
import { showInfoCard } from "./shape";

/** Display only: the card is pushed and forgotten, nothing waits for it. */
export const showInfoCardTool = defineTool({
  name: showInfoCard.name,
  description: "Show an info, success, warning or error card in the chat. Nothing waits for it; use it for facts worth highlighting.",
  inputSchema: showInfoCard.props,
  displayPropsSchema: showInfoCard.props,
  async do(input, display) {
    const slotId = await display.pushAndForget(input);
    return success({ shown: true, slot_id: slotId });
  },
});
