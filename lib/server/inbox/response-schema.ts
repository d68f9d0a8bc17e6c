import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import type { RegExpEngine } from "ajv/dist/types";
import { RE2JS } from "re2js";
import addFormats from "ajv-formats";
import type { FieldIssue } from "@/lib/agent/errors";

/**
 * The agent's `response_schema` (JSON Schema, draft 2020-12's common subset as Ajv reads it): checked once
 * when the item is posted (a schema Ajv cannot compile is refused to the agent), then every answer on every
 * resolve path is validated by it (422 naming the fields). Compiled validators are cached per schema text.
 */

/**
 * `pattern` and `patternProperties` come from the agent (so, indirectly, from whatever it read): they run on
 * RE2 (linear time), never on the JavaScript engine, whose backtracking an answer could make take minutes.
 */
const re2: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    const re = RE2JS.compile(pattern, flags.includes("i") ? RE2JS.CASE_INSENSITIVE : 0);
    return { test: (text: string) => re.matcher(text).find() };
  },
  { code: 'require("re2js").RE2JS' },
);

/**
 * A validator per schema, each from its own Ajv instance: one schema's `$id` can neither collide with nor be
 * referenced by another's (another organization's), and an evicted validator takes its registry with it.
 */
function compile(schema: Record<string, unknown>): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: true, code: { regExp: re2 } });
  addFormats(ajv);
  return ajv.compile(schema);
}

/** Schemas larger than this are refused: the schema is stored with the item and shown with it. */
export const RESPONSE_SCHEMA_MAX_CHARS = 16_000;
const MAX_CACHED = 500;
const compiled = new Map<string, ValidateFunction>();

function validatorFor(schema: Record<string, unknown>): ValidateFunction {
  const text = JSON.stringify(schema);
  let validate = compiled.get(text);
  if (!validate) {
    validate = compile(schema);
    if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value as string);
    compiled.set(text, validate);
  }
  return validate;
}

/** A sentence saying why the schema cannot be used, or null. */
export function checkResponseSchema(schema: Record<string, unknown>): string | null {
  if (JSON.stringify(schema).length > RESPONSE_SCHEMA_MAX_CHARS)
    return `it is longer than ${RESPONSE_SCHEMA_MAX_CHARS} characters; describe only the answer's fields.`;
  try {
    validatorFor(schema);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : "it is not a valid JSON Schema.";
  }
}

/** The answer's problems per field (dotted paths, "" for the answer itself), or null when it fits. */
export function responseIssues(schema: Record<string, unknown>, value: unknown): FieldIssue[] | null {
  let validate: ValidateFunction;
  try {
    validate = validatorFor(schema);
  } catch {
    return [{ path: "", message: "This item's response schema cannot be checked; ask the agent to post it again." }];
  }
  if (validate(value)) return null;
  return (validate.errors ?? []).map(toIssue);
}

function toIssue(error: ErrorObject): FieldIssue {
  const base = error.instancePath.split("/").slice(1).map(unescapePointer);
  const missing = error.keyword === "required" ? String((error.params as { missingProperty?: string }).missingProperty ?? "") : null;
  const path = [...base, ...(missing ? [missing] : [])].join(".");
  const message = missing ? "is required" : (error.message ?? "is invalid");
  return { path: path ? `response.${path}` : "response", message };
}

const unescapePointer = (part: string) => part.replaceAll("~1", "/").replaceAll("~0", "~");
