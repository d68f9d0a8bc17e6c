import type { z } from "zod";

/** A built-in tool's shape, shared by its server half and its card: zod only. */
export interface ToolShape<N extends string = string, I = unknown> {
  name: N;
  /** Validates the model's input; becomes its JSON schema. */
  input: z.ZodType<I>;
}

/** A tool that draws a card of its own, with the card's props as its input. */
export interface CardShape<N extends string = string, P = unknown, A = unknown> extends ToolShape<N, P> {
  /** `wait`: the tool waits for the answer (pushAndWait); `forget`: display only (pushAndForget). */
  card: "wait" | "forget";
  /** What the card shows (the same schema as `input`). */
  props: z.ZodType<P>;
  /** The answer a `wait` card takes. */
  answer?: z.ZodType<A>;
  /** `answer` narrowed by the card's props: the one schema the answer is validated with. */
  answerFor?: (props: P) => z.ZodType<A>;
}

/** Keeps the literal name, so the catalog's name types are derived from its list. */
export const defineToolShape = <const N extends string, I>(shape: ToolShape<N, I>) => shape;

export const defineCardShape = <const N extends string, P, A = never>(shape: Omit<CardShape<N, P, A>, "input">): CardShape<N, P, A> => ({
  ...shape,
  input: shape.props,
});
