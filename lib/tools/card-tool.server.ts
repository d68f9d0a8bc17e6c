import { defineTool, success, type GloveTool } from "@/lib/agent";
import type { CardShape } from "./shape";

/**
 * The card tools that ask and return: push the model's input as the card, wait, hand the answer
 * back. The answer was validated once, narrowed by these props, when it was given (resolveSlot).
 */
export function defineCardTool<N extends string, P, A>(tool: {
  shape: CardShape<N, P, A>;
  /** What the model reads: when to use the tool, and what it returns. */
  description: string;
  /** What the model gets from the answer, when not the answer itself. */
  result?: (answer: A) => unknown;
}): GloveTool<P, P, A> {
  const { shape, description, result = (answer: A) => answer } = tool;
  return defineTool<P, P, A>({
    name: shape.name,
    description,
    inputSchema: shape.props,
    displayPropsSchema: shape.props,
    resolveSchema: shape.answer,
    answerFor: shape.answerFor,
    async do(input, display) {
      return success(result(await display.pushAndWait(input)));
    },
  });
}
