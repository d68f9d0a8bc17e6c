import type { FieldInputView } from "@/lib/forms/view";
import type { StoredField } from "@/lib/forms/stored-form";

type DraftField = Pick<StoredField, "type" | "options" | "currency" | "limits">;

/**
 * How a stored field is drawn (the card's input) and what it is in plain words (the type text the
 * agent reads), computed in the browser for the builder's preview. The engine derives its own from
 * the compiled zod schema; these follow the same wording ("integer >= 1", "one of: car | rail | air").
 */

export function fieldInput(field: DraftField): FieldInputView {
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
      return { type: field.type, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    case "money":
      return { type: "money", currency: field.currency ?? "" };
    case "one_of":
      return { type: "select", options: field.options ?? [] };
    case "several_of":
      return { type: "multiselect", options: field.options ?? [] };
  }
}

/** " >= 1", " <= 10", " between 1 and 10", or "". */
function bounds(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return ` between ${min} and ${max}`;
  if (min !== undefined) return ` >= ${min}`;
  if (max !== undefined) return ` <= ${max}`;
  return "";
}

/** " (min 2 chars)", " (max 80 chars)", " (2-80 chars)", or "". */
function lengths(minLength: number | undefined, maxLength: number | undefined): string {
  if (minLength !== undefined && maxLength !== undefined) return ` (${minLength}-${maxLength} chars)`;
  if (minLength !== undefined) return ` (min ${minLength} chars)`;
  if (maxLength !== undefined) return ` (max ${maxLength} chars)`;
  return "";
}

/** " (at least 1)", " (at most 3)", " (1 to 3)", or "". */
function items(minItems: number | undefined, maxItems: number | undefined): string {
  if (minItems !== undefined && maxItems !== undefined) return ` (${minItems} to ${maxItems})`;
  if (minItems !== undefined) return ` (at least ${minItems})`;
  if (maxItems !== undefined) return ` (at most ${maxItems})`;
  return "";
}

export function fieldTypeText(field: DraftField): string {
  const limits = field.limits ?? {};
  const options = (field.options ?? []).join(" | ");
  const pattern = limits.pattern ? `, ${limits.patternMessage || `matching ${limits.pattern}`}` : "";
  switch (field.type) {
    case "text":
      return `text${lengths(limits.minLength, limits.maxLength)}${pattern}`;
    case "long_text":
      return `long text${lengths(limits.minLength, limits.maxLength)}${pattern}`;
    case "email":
      return "email address";
    case "phone":
      return "phone number";
    case "url":
      return "URL";
    case "date":
      return "date (YYYY-MM-DD)";
    case "yes_no":
      return "true or false";
    case "number":
      return `number${bounds(limits.min, limits.max)}`;
    case "integer":
      return `integer${bounds(limits.min, limits.max)}`;
    case "money":
      return `amount in ${field.currency || "a currency"}${bounds(limits.min, limits.max)}`;
    case "one_of":
      return `one of: ${options}`;
    case "several_of":
      return `list of: ${options}${items(limits.minItems, limits.maxItems)}`;
  }
}
