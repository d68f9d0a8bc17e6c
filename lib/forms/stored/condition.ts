import type { Condition, FormValues } from "../types";
import type { StoredCondition } from "../stored-form";

type Scalar = string | number | boolean;

/** Unset: never answered, retracted, or an empty answer. */
const isSet = (value: unknown) => value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0);

/** A several_of field holds a list: "is X" there means the list contains X. */
const matches = (value: unknown, expected: Scalar) => (Array.isArray(value) ? value.includes(expected) : value === expected);

/**
 * A stored condition as the engine's `when`. "is not" and the comparisons hold only once the field
 * has a value: a field shown "when mode is not car" stays hidden until the mode is known.
 */
export function compileCondition(condition: StoredCondition): Condition {
  const valueOf = (values: FormValues) => values[condition.field];
  switch (condition.op) {
    case "is_set":
      return (values) => isSet(valueOf(values));
    case "is_not_set":
      return (values) => !isSet(valueOf(values));
    case "is":
      return (values) => matches(valueOf(values), condition.value);
    case "is_not":
      return (values) => isSet(valueOf(values)) && !matches(valueOf(values), condition.value);
    case "is_one_of":
      return (values) => condition.value.some((expected) => matches(valueOf(values), expected));
    case "gt":
    case "gte":
    case "lt":
    case "lte": {
      const compare = COMPARE[condition.op];
      return (values) => {
        const value = valueOf(values);
        return typeof value === "number" && compare(value, condition.value);
      };
    }
  }
}

const COMPARE: Record<"gt" | "gte" | "lt" | "lte", (a: number, b: number) => boolean> = {
  gt: (a, b) => a > b,
  gte: (a, b) => a >= b,
  lt: (a, b) => a < b,
  lte: (a, b) => a <= b,
};
