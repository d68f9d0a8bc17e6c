import { RE2JS } from "re2js";
import { z } from "zod";
import type { FieldInput } from "../types";
import type { StoredField } from "../stored-form";

/** Digits, spaces, + - ( ), 7 to 20 characters, at least one digit. */
const PHONE = /^(?=.*\d)[0-9+\-() ]{7,20}$/;

/**
 * A stored field's zod schema, made of plain constructors (z.email(), z.enum(), .min()) because
 * the engine reads the type text the agent sees from the schema itself. The field was checked
 * (checkStoredForm) before it gets here, so options and currency are present where needed.
 */
export function fieldSchema(field: StoredField): z.ZodType {
  const schema = requiredSchema(field);
  return field.required ? schema : schema.optional();
}

function requiredSchema(field: StoredField): z.ZodType {
  const limits = field.limits ?? {};
  switch (field.type) {
    case "text":
    case "long_text":
      return textLimits(
        z
          .string()
          .trim()
          .min(Math.max(1, limits.minLength ?? 1)),
        field,
      );
    case "email":
      return textLimits(z.email(), field);
    case "phone":
      return textLimits(z.string().trim().regex(PHONE, "Give a phone number: digits, spaces and + - ( ), 7 to 20 characters."), field);
    case "url":
      return textLimits(z.url({ protocol: /^https?$/, error: "Give a web address starting with http:// or https://." }), field);
    case "number":
      return numberLimits(z.number(), field);
    case "integer":
      return numberLimits(z.number().int(), field);
    case "money":
      return numberLimits(z.number().multipleOf(0.01), field);
    case "date":
      return z.iso.date();
    case "yes_no":
      return z.boolean();
    case "one_of":
      return z.enum(options(field));
    case "several_of": {
      const list = z.array(z.enum(options(field)));
      const min = Math.max(field.required ? 1 : 0, limits.minItems ?? 0);
      const withMin = min > 0 ? list.min(min) : list;
      // Never more items than there are options (each at most once is what a choice means).
      return withMin.max(limits.maxItems ?? options(field).length);
    }
  }
}

const options = (field: StoredField) => (field.options ?? []) as [string, ...string[]];

function textLimits<S extends z.ZodString | z.ZodEmail | z.ZodURL>(schema: S, field: StoredField): S {
  const { minLength, maxLength, pattern, patternMessage } = field.limits ?? {};
  let out = schema;
  // text and long_text already carry their minimum (at least 1).
  if (minLength !== undefined && field.type !== "text" && field.type !== "long_text") out = out.min(minLength) as S;
  if (maxLength !== undefined) out = out.max(maxLength) as S;
  // A team's pattern runs on RE2 (linear time), never on the JavaScript engine, which can backtrack for minutes.
  if (pattern !== undefined) {
    const re = RE2JS.compile(pattern);
    out = out.refine((value) => re.matcher(value).find(), patternMessage ?? `Match the pattern ${pattern}.`) as S;
  }
  return out;
}

function numberLimits(schema: z.ZodNumber, field: StoredField): z.ZodNumber {
  const { min, max } = field.limits ?? {};
  let out = schema;
  if (min !== undefined) out = out.min(min);
  if (max !== undefined) out = out.max(max);
  return out;
}

/** How the card draws the field. */
export function fieldInput(field: StoredField): FieldInput {
  const { min, max } = field.limits ?? {};
  switch (field.type) {
    case "text":
      return { type: "text" };
    case "long_text":
      return { type: "textarea" };
    case "email":
      return { type: "email" };
    case "phone":
      return { type: "tel" };
    case "url":
      return { type: "url" };
    case "date":
      return { type: "date" };
    case "yes_no":
      return { type: "boolean" };
    case "number":
    case "integer":
      return { type: field.type, ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
    case "money":
      return { type: "money", currency: field.currency ?? "" };
    case "one_of":
      return { type: "select", options: options(field) };
    case "several_of":
      return { type: "multiselect", options: options(field) };
  }
}
