import { defineTool, success } from "@/lib/agent";
import { SHOW_INFO_CARD, showInfoCardProps } from "@/lib/tools/show-info-card";

/** Display only: the card is pushed and forgotten, nothing waits for it. */
export const showInfoCardTool = defineTool({
  name: SHOW_INFO_CARD,
  description: "Show an info, success, warning or error card in the chat. Nothing waits for it; use it for facts worth highlighting.",
  inputSchema: showInfoCardProps,
  displayPropsSchema: showInfoCardProps,
  async do(input, display) {
    const slotId = await display.pushAndForget(input);
    return success({ shown: true, slot_id: slotId });
  },
});
