import type { StoredField } from "../stored-form";

/**
 * What the agent reads about a stored field ("integer >= 1", "one of: car | rail | air"). The
 * engine derives the same words from a schema; a stored field knows its type, so it says it directly.
 */
export function storedTypeText(field: StoredField): string {
  const { min, max, minLength, maxLength, minItems, maxItems } = field.limits ?? {};
  const range = [min !== undefined && `>= ${min}`, max !== undefined && `<= ${max}`].filter(Boolean).join(", ");
  const length = [minLength !== undefined && `min ${minLength} chars`, maxLength !== undefined && `max ${maxLength} chars`]
    .filter(Boolean)
    .join(", ");
  const options = (field.options ?? []).join(" | ");
  const withDetail = (base: string, detail: string) => (detail ? `${base} (${detail})` : base);
  switch (field.type) {
    case "text":
    case "long_text":
      return withDetail("text", length);
    case "email":
      return "email address";
    case "phone":
      return "phone number";
    case "url":
      return "URL";
    case "number":
      return range ? `number ${range}` : "number";
    case "integer":
      return range ? `integer ${range}` : "integer";
    case "money":
      return withDetail(`amount in ${field.currency}`, range);
    case "date":
      return "date (YYYY-MM-DD)";
    case "yes_no":
      return "true or false";
    case "one_of":
      return `one of: ${options}`;
    case "several_of": {
      const least = Math.max(field.required ? 1 : 0, minItems ?? 0);
      const count = [least > 0 && `at least ${least}`, maxItems !== undefined && `at most ${maxItems}`].filter(Boolean).join(", ");
      return withDetail(`list of: ${options}`, count);
    }
  }
}
