import { z } from "zod";
import { defineCardShape } from "../shape";

export const TEXT_INPUT = "text_input";

export const TEXT_INPUT_MAX = 2000;

export const textInputProps = z.object({
  prompt: z.string().trim().min(1).max(500).describe("What the person should type, as a question or instruction."),
  placeholder: z.string().max(200).optional().describe("An example shown in the empty field."),
  multiline: z.boolean().optional().describe("True for a longer text (a text area instead of one line)."),
});
export const textInputAnswer = z.object({ text: z.string().trim().min(1, "Enter some text.").max(TEXT_INPUT_MAX) });
export const textInput = defineCardShape({ name: TEXT_INPUT, card: "wait", props: textInputProps, answer: textInputAnswer });
export type TextInputProps = z.infer<typeof textInputProps>;
export type TextInputAnswer = z.infer<typeof textInputAnswer>;
