/**
 * The one placeholder syntax of HTTP tool templates: `{{input.<field id>}}` for the model's input
 * and `{{secret.<NAME>}}` for an organization secret (docs/http-tools.md). Anything else between
 * `{{` and `}}` is refused when the tool is saved, so a typo never goes out as literal text.
 */

export type PlaceholderKind = "input" | "secret";

export interface Placeholder {
  kind: PlaceholderKind;
  name: string;
  /** The placeholder as written, e.g. `{{ input.id }}`. */
  text: string;
}

const PLACEHOLDER = /\{\{\s*(input|secret)\.([A-Za-z0-9_-]+)\s*\}\}/g;

export function placeholdersIn(template: string): Placeholder[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => ({ kind: match[1] as PlaceholderKind, name: match[2], text: match[0] }));
}

/** The first `{{...}}` (or stray brace pair) that is not a valid placeholder, or null. */
export function malformedPlaceholder(template: string): string | null {
  const rest = template.replace(PLACEHOLDER, "");
  const start = rest.indexOf("{{");
  if (start !== -1) {
    const end = rest.indexOf("}}", start);
    return end === -1 ? rest.slice(start, start + 40) : rest.slice(start, end + 2);
  }
  return rest.includes("}}") ? "}}" : null;
}

/** The whole string is one placeholder (in a body template it then becomes a JSON value, not text). */
export function soloPlaceholder(template: string): Placeholder | null {
  const found = placeholdersIn(template);
  return found.length === 1 && found[0].text === template.trim() ? found[0] : null;
}

/** `template` with each placeholder replaced by `replace(placeholder)`. */
export function fillPlaceholders(template: string, replace: (placeholder: Placeholder) => string): string {
  return template.replace(PLACEHOLDER, (text, kind: PlaceholderKind, name: string) => replace({ kind, name, text }));
}
