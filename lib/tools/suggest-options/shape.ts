import { z } from "zod";
import { defineCardShape } from "../shape";

/** Multiple choice: the person picks any number of the options (at least one). */
export const SUGGEST_OPTIONS = "suggest_options";

export const suggestOptionsProps = z.object({
  question: z.string().trim().min(1).max(500).describe("The question the person answers by picking options."),
  options: z.array(z.string().trim().min(1).max(200)).min(2).max(12).describe("The choices, 2 to 12; the answer lists the picked ones."),
  multiple: z.boolean().default(true).describe("Whether several options may be picked (default true); false for exactly one."),
});
export const suggestOptionsAnswer = z.object({ choices: z.array(z.string().min(1).max(200)).min(1).max(12) });
export const suggestOptions = defineCardShape({
  name: SUGGEST_OPTIONS,
  card: "wait",
  props: suggestOptionsProps,
  answer: suggestOptionsAnswer,
  answerFor: ({ options, multiple }) =>
    suggestOptionsAnswer
      .refine((answer) => answer.choices.every((choice) => options.includes(choice)), {
        path: ["choices"],
        message: `Pick among: ${options.join(", ")}.`,
      })
      .refine((answer) => multiple || answer.choices.length === 1, { path: ["choices"], message: "Pick exactly one option." }),
});
export type SuggestOptionsProps = z.infer<typeof suggestOptionsProps>;
export type SuggestOptionsAnswer = z.infer<typeof suggestOptionsAnswer>;
