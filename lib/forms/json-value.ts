import { FormError } from "./errors";

/**
 * Form values, entries and state are stored as JSON. `JSON.stringify` would silently change what
 * is not JSON (drop `undefined` keys, turn NaN into null, a Date into a string, throw on a BigInt),
 * so a value would come back different from what was written: every adapter refuses it before
 * anything is written.
 */
export function assertFormJson<T>(value: T, what: string): T {
  const problem = firstNonJson(value, "");
  if (problem) {
    throw new FormError("invalid_value", `${what} is not JSON: ${problem.reason}${problem.path ? ` at ${problem.path}` : ""}.`, {
      path: problem.path,
    });
  }
  return value;
}

function firstNonJson(value: unknown, path: string): { path: string; reason: string } | null {
  switch (typeof value) {
    case "string":
    case "boolean":
      return null;
    case "number":
      return Number.isFinite(value) ? null : { path, reason: `${value} is not a JSON number` };
    case "object":
      if (value === null) return null;
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) {
          // A hole reads as undefined: reported as such.
          const problem = firstNonJson(value[index], `${path}[${index}]`);
          if (problem) return problem;
        }
        return null;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
        return { path, reason: `a ${value.constructor?.name ?? "non-plain"} object is not JSON` };
      }
      for (const [key, inner] of Object.entries(value)) {
        const problem = firstNonJson(inner, path ? `${path}.${key}` : key);
        if (problem) return problem;
      }
      return null;
    default:
      return { path, reason: `a value of type ${typeof value} is not JSON` };
  }
}
