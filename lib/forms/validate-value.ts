import type { FieldDefinition } from "./types";
import { defOf, unwrap } from "./zod-introspect";

export type ValueCheck = { ok: true; value: unknown } | { ok: false; message: string; hint: string };

/**
 * The longest text any answer may hold, checked before the schema runs: a definition's pattern
 * (a team writes its own) then never runs on a long string, and no answer outgrows a card.
 */
export const MAX_ANSWER_TEXT = 10_000;

/** One field's value on its own against its schema; the hint says how to send it right (the model's usual slips first). */
export function validateValue(field: FieldDefinition, value: unknown): ValueCheck {
  const tooLong = longestText(value) > MAX_ANSWER_TEXT;
  if (tooLong)
    return { ok: false, message: `Too long: an answer holds at most ${MAX_ANSWER_TEXT} characters.`, hint: "Shorten it, or summarise." };
  const result = field.schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const message = result.error.issues.map((issue) => issue.message).join("; ");
  return { ok: false, message, hint: hintFor(field, value) };
}

function hintFor(field: FieldDefinition, value: unknown): string {
  const kind = defOf(unwrap(field.schema)).type;
  if (typeof value === "string" && kind === "number" && value.trim() !== "" && Number.isFinite(Number(value)))
    return `Send a JSON number, e.g. ${Number(value)}, not the string "${value}".`;
  if (typeof value === "string" && kind === "boolean" && /^(true|false|yes|no)$/i.test(value.trim()))
    return `Send a JSON boolean, true or false, not the string "${value}".`;
  return `Expected ${field.typeText}.${field.hint ? ` ${field.hint}` : ""}`;
}

function longestText(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (Array.isArray(value)) return value.reduce((longest: number, item) => Math.max(longest, longestText(item)), 0);
  return 0;
}
