import { defineCardTool } from "../card-tool.server";
import { textInput } from "./shape";

export const textInputTool = defineCardTool({
  shape: textInput,
  description: "Ask the person to type one piece of text (a name, a short description). Returns {text}.",
});
