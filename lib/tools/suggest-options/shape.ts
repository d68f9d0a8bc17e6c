import { z } from "zod";

/** Multiple choice: the person picks any number of the options (at least one). */
export const SUGGEST_OPTIONS = "suggest_options";

export const suggestOptionsProps = z.object({
  question: z.string().trim().min(1).max(500),
  options: z.array(z.string().trim().min(1).max(200)).min(2).max(12),
  multiple: z.boolean().default(true),
});
export const suggestOptionsAnswer = z.object({ choices: z.array(z.string().min(1).max(200)).min(1).max(12) });
export type SuggestOptionsProps = z.infer<typeof suggestOptionsProps>;
export type SuggestOptionsAnswer = z.infer<typeof suggestOptionsAnswer>;
