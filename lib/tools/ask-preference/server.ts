import { defineTool, failure, success } from "@/lib/agent";
import { ASK_PREFERENCE, askPreferenceAnswer, askPreferenceProps } from "@/lib/tools/ask-preference";

export const askPreferenceTool = defineTool({
  name: ASK_PREFERENCE,
  description: "Ask the person to pick exactly one of 2 to 12 options. Returns {choice}.",
  inputSchema: askPreferenceProps,
  displayPropsSchema: askPreferenceProps,
  resolveSchema: askPreferenceAnswer,
  async do(input, display) {
    const { choice } = await display.pushAndWait(input);
    // The answer route checks this too (422); this guards answers stored by any other path.
    if (!input.options.includes(choice)) return failure(`"${choice}" is not one of the options offered.`);
    return success({ choice });
  },
});
