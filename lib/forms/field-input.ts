import type { z } from "zod";
import type { FieldInput } from "./types";
import { numberBounds } from "./type-text";
import { checksOf, defOf, optionsOf, unwrap } from "./zod-introspect";

/** How the card draws a field when the definition does not say: read from the schema like the type text. */
export function fieldInputOf(schema: z.ZodType): FieldInput {
  const inner = unwrap(schema);
  if (/phone/i.test(inner.description ?? schema.description ?? "")) return { type: "tel" };
  const def = defOf(inner);
  const options = optionsOf(inner);
  if (options) return { type: "select", options };
  const checks = checksOf(inner);
  const formats = checks.filter((c) => c.check === "string_format").map((c) => c.format);
  switch (def.type) {
    case "string":
      if (formats.includes("email")) return { type: "email" };
      if (formats.includes("url")) return { type: "url" };
      if (formats.includes("date")) return { type: "date" };
      return (checks.find((c) => c.check === "max_length")?.maximum ?? 0) > 200 ? { type: "textarea" } : { type: "text" };
    case "number": {
      const { integer, min, max } = numberBounds(checks);
      return { type: integer ? "integer" : "number", ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    }
    case "boolean":
      return { type: "boolean" };
    case "date":
      return { type: "date" };
    case "array": {
      const elementOptions = def.element ? optionsOf(unwrap(def.element)) : null;
      return elementOptions ? { type: "multiselect", options: elementOptions } : { type: "textarea" };
    }
    default:
      return { type: "text" };
  }
}
