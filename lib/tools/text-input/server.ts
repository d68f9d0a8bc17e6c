import { defineTool, success } from "@/lib/agent";
import { TEXT_INPUT, textInputAnswer, textInputProps } from "@/lib/tools/text-input";

export const textInputTool = defineTool({
  name: TEXT_INPUT,
  description: "Ask the person to type one piece of text (a name, a short description). Returns {text}.",
  inputSchema: textInputProps,
  displayPropsSchema: textInputProps,
  resolveSchema: textInputAnswer,
  async do(input, display) {
    const { text } = await display.pushAndWait(input);
    return success({ text });
  },
});
