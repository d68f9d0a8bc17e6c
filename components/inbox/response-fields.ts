/**
 * The answer form an item's `response_schema` generates (pure: no React, unit-tested). Only an object
 * schema becomes a form, one field per property; a property the form cannot render faithfully (arrays,
 * nested objects, unions) is a JSON textarea, so every schema can still be answered. The server checks
 * the answer against the schema again (422 names the fields as `response.<name>`).
 */

export type ResponseField =
  | { kind: "text"; name: string; label: string; required: boolean; description?: string; multiline: boolean; maxLength?: number }
  | { kind: "number"; name: string; label: string; required: boolean; description?: string; integer: boolean }
  | { kind: "boolean"; name: string; label: string; required: boolean; description?: string }
  | { kind: "enum"; name: string; label: string; required: boolean; description?: string; options: (string | number | boolean)[] }
  | { kind: "json"; name: string; label: string; required: boolean; description?: string };

/** Strings longer than this get a textarea. */
export const MULTILINE_ABOVE = 200;

type Schema = Record<string, unknown>;
const isRecord = (value: unknown): value is Schema => typeof value === "object" && value !== null && !Array.isArray(value);
const isPrimitive = (value: unknown): value is string | number | boolean => ["string", "number", "boolean"].includes(typeof value);

/** The form's fields, or null when the schema is not an object with properties (the answer is then plain text). */
export function responseFields(schema: Schema | null | undefined): ResponseField[] | null {
  if (!schema || schema.type !== "object" || !isRecord(schema.properties)) return null;
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === "string") : []);
  return Object.entries(schema.properties).map(([name, property]) => fieldOf(name, isRecord(property) ? property : {}, required.has(name)));
}

function fieldOf(name: string, property: Schema, required: boolean): ResponseField {
  const base = {
    name,
    label: typeof property.title === "string" ? property.title : name,
    required,
    ...(typeof property.description === "string" && { description: property.description }),
  };
  if (Array.isArray(property.enum) && property.enum.length > 0 && property.enum.every(isPrimitive))
    return { ...base, kind: "enum", options: property.enum };
  switch (property.type) {
    case "string": {
      const maxLength = typeof property.maxLength === "number" ? property.maxLength : undefined;
      return { ...base, kind: "text", multiline: maxLength !== undefined && maxLength > MULTILINE_ABOVE, ...(maxLength && { maxLength }) };
    }
    case "number":
    case "integer":
      return { ...base, kind: "number", integer: property.type === "integer" };
    case "boolean":
      return { ...base, kind: "boolean" };
    default:
      return { ...base, kind: "json" };
  }
}

/** What the form holds per field: the text of an input, "yes"/"no" of a boolean, an enum's option index. */
export type FieldInputs = Record<string, string>;

export type BuiltAnswer = { ok: true; value: Record<string, unknown> } | { ok: false; issues: { path: string; message: string }[] };

/**
 * The answer from the form's inputs. An empty field is left out (a required one then fails on the server
 * as "is required", at its field); only what cannot be read at all (a number or JSON that does not parse)
 * is refused here, at its field.
 */
export function buildAnswer(fields: ResponseField[], inputs: FieldInputs): BuiltAnswer {
  const value: Record<string, unknown> = {};
  const issues: { path: string; message: string }[] = [];
  for (const field of fields) {
    const raw = inputs[field.name] ?? "";
    if (raw.trim() === "") continue;
    const path = `response.${field.name}`;
    switch (field.kind) {
      case "text":
        value[field.name] = raw;
        break;
      case "number": {
        const number = Number(raw);
        if (Number.isFinite(number)) value[field.name] = number;
        else issues.push({ path, message: "must be a number" });
        break;
      }
      case "boolean":
        value[field.name] = raw === "yes";
        break;
      case "enum": {
        const option = field.options[Number(raw)];
        if (option !== undefined) value[field.name] = option;
        break;
      }
      case "json":
        try {
          value[field.name] = JSON.parse(raw);
        } catch {
          issues.push({ path, message: "must be valid JSON" });
        }
        break;
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}
