import { z } from "zod";
import { defineCardShape } from "../shape";

/** Single choice among the options the agent offers. */
export const ASK_PREFERENCE = "ask_preference";

export const askPreferenceProps = z.object({
  question: z.string().trim().min(1).max(500).describe("The question the person answers by picking one option."),
  options: z.array(z.string().trim().min(1).max(200)).min(2).max(12).describe("The choices, 2 to 12; the answer is exactly one of them."),
});
export const askPreferenceAnswer = z.object({ choice: z.string().min(1).max(200) });
export const askPreference = defineCardShape({
  name: ASK_PREFERENCE,
  card: "wait",
  props: askPreferenceProps,
  answer: askPreferenceAnswer,
  answerFor: ({ options }) =>
    askPreferenceAnswer.refine((answer) => options.includes(answer.choice), {
      path: ["choice"],
      message: `Choose one of: ${options.join(", ")}.`,
    }),
});
export type AskPreferenceProps = z.infer<typeof askPreferenceProps>;
export type AskPreferenceAnswer = z.infer<typeof askPreferenceAnswer>;
