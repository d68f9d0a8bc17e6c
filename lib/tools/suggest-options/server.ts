import { defineTool, failure, success } from "@/lib/agent";
import { SUGGEST_OPTIONS, suggestOptionsAnswer, suggestOptionsProps } from "@/lib/tools/suggest-options";

export const suggestOptionsTool = defineTool({
  name: SUGGEST_OPTIONS,
  description:
    "Offer 2 to 12 options and let the person pick any number of them (exactly one when multiple is false). Returns {choices}.",
  inputSchema: suggestOptionsProps,
  displayPropsSchema: suggestOptionsProps,
  resolveSchema: suggestOptionsAnswer,
  async do(input, display) {
    const { choices } = await display.pushAndWait(input);
    const unknown = choices.filter((choice) => !input.options.includes(choice));
    if (unknown.length > 0) return failure(`Not among the options offered: ${unknown.join(", ")}.`);
    if (!input.multiple && choices.length !== 1) return failure("Exactly one option had to be picked.");
    return success({ choices });
  },
});
