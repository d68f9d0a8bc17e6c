import type { FieldDefinition } from "./types";
import { defOf, unwrap } from "./zod-introspect";

export type ValueCheck = { ok: true; value: unknown } | { ok: false; message: string; hint: string };

/** One field's value on its own against its schema; the hint says how to send it right (the model's usual slips first). */
export function validateValue(field: FieldDefinition, value: unknown): ValueCheck {
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
