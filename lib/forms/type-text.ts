import type { z } from "zod";
import type { FieldInput } from "./types";
import { checksOf, defOf, optionsOf, unwrap, type ZodCheckDef } from "./zod-introspect";

/**
 * The type text the agent reads for a field ("email address", "integer >= 1", "one of: car | rail"),
 * from its zod schema. A definition's `input` refines what the schema cannot say (phone, money).
 */
export function typeTextOf(schema: z.ZodType, input?: FieldInput): string {
  if (input?.type === "tel") return "phone number";
  if (input?.type === "money") return `amount in ${input.currency} (number)`;
  if (input?.type === "url") return "URL";
  const inner = unwrap(schema);
  // A phone number is a string with a pattern; the schema can only say so by its description.
  if (/phone/i.test(inner.description ?? schema.description ?? "")) return "phone number";
  const text = describe(inner);
  return input?.type === "textarea" ? text.replace(/^text/, "long text") : text;
}

function describe(schema: z.ZodType): string {
  const def = defOf(schema);
  const options = optionsOf(schema);
  if (options) return `one of: ${options.join(" | ")}`;
  const checks = checksOf(schema);
  switch (def.type) {
    case "string":
      return stringText(checks);
    case "number":
      return numberText(checks);
    case "boolean":
      return "true or false";
    case "date":
      return "date (YYYY-MM-DD)";
    case "array":
      return arrayText(def.element ? unwrap(def.element) : null, checks);
    default:
      return "value";
  }
}

function stringText(checks: ZodCheckDef[]): string {
  const formats = checks.filter((c) => c.check === "string_format").map((c) => c.format);
  if (formats.includes("email")) return "email address";
  if (formats.includes("url")) return "URL";
  if (formats.includes("date")) return "date (YYYY-MM-DD)";
  if (formats.includes("datetime")) return "date and time (ISO 8601)";
  const min = checks.find((c) => c.check === "min_length")?.minimum;
  const max = checks.find((c) => c.check === "max_length")?.maximum;
  // At least one character is what "required" already says.
  const limits = [min && min > 1 ? `min ${min} chars` : null, max ? `max ${max} chars` : null].filter(Boolean);
  return limits.length > 0 ? `text (${limits.join(", ")})` : "text";
}

export function numberBounds(checks: ZodCheckDef[]): { integer: boolean; min?: number; max?: number; minText?: string; maxText?: string } {
  const integer = checks.some((c) => c.check === "number_format" && /int/.test(c.format ?? ""));
  const lower = checks.find((c) => c.check === "greater_than");
  const upper = checks.find((c) => c.check === "less_than");
  return {
    integer,
    min: lower?.value,
    max: upper?.value,
    minText: lower ? `${lower.inclusive ? ">=" : ">"} ${lower.value}` : undefined,
    maxText: upper ? `${upper.inclusive ? "<=" : "<"} ${upper.value}` : undefined,
  };
}

function numberText(checks: ZodCheckDef[]): string {
  const bounds = numberBounds(checks);
  const limits = [bounds.minText, bounds.maxText].filter(Boolean).join(", ");
  return `${bounds.integer ? "integer" : "number"}${limits ? ` ${limits}` : ""}`;
}

function arrayText(element: z.ZodType | null, checks: ZodCheckDef[]): string {
  const options = element ? optionsOf(element) : null;
  const min = checks.find((c) => c.check === "min_length")?.minimum;
  const max = checks.find((c) => c.check === "max_length")?.maximum;
  const limits = [min ? `at least ${min}` : null, max ? `at most ${max}` : null].filter(Boolean).join(", ");
  const suffix = limits ? ` (${limits})` : "";
  if (options) return `list of: ${options.join(" | ")}${suffix}`;
  const inner = element ? describe(element) : "value";
  return `list of ${inner}${suffix}`;
}
