import { checkStoredForm, type FormProblem } from "@/lib/forms/stored";
import type { StoredField } from "@/lib/forms/stored-form";
import type { HttpToolDefinitionInput, JsonValue } from "@/lib/schemas/http-tools";
import { BUILTIN_TOOL_NAMES } from "@/lib/tools/catalog";
import { FORM_TOOL_NAMES } from "@/lib/tools/forms/shape";
import { malformedPlaceholder, placeholdersIn } from "./placeholders";

/**
 * Everything a save of an HTTP tool refuses beyond its zod shape, in one answer (422
 * `details.issues`): the fields by the form builder's own checks, a name a built-in tool has, a
 * placeholder that is malformed or names no field or secret, a secret in the URL (URLs land in
 * logs and in the stored call), a placeholder in the scheme or host (the SSRF check on save must
 * judge the host the calls go to), a reserved or malformed header name, a body on a GET.
 */

const RESERVED_NAMES = new Set([...BUILTIN_TOOL_NAMES, ...Object.values(FORM_TOOL_NAMES)]);
/** Set by the tool itself, or by node:http from the request. */
const RESERVED_HEADERS = new Set([
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "idempotency-key",
]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

type Definition = Pick<HttpToolDefinitionInput, "name" | "fields" | "method" | "url_template" | "headers" | "body_template">;

export function checkHttpToolDefinition(definition: Definition, secretNames: ReadonlySet<string>): FormProblem[] {
  const problems: FormProblem[] = [];
  if (RESERVED_NAMES.has(definition.name))
    problems.push({ path: "name", message: `"${definition.name}" is a built-in tool's name; choose another.` });
  problems.push(...fieldProblems(definition.fields));
  const fieldIds = new Set(definition.fields.map((field) => field.id));

  const known = (template: string, path: string, secretsAllowed: boolean) => {
    const malformed = malformedPlaceholder(template);
    if (malformed !== null)
      problems.push({ path, message: `${malformed} is not a placeholder: write {{input.<field id>}} or {{secret.<NAME>}}.` });
    for (const placeholder of placeholdersIn(template)) {
      if (placeholder.kind === "input" && !fieldIds.has(placeholder.name))
        problems.push({ path, message: `${placeholder.text} names no input field; add a field "${placeholder.name}" or fix the name.` });
      if (placeholder.kind === "secret" && !secretsAllowed)
        problems.push({
          path,
          message: `${placeholder.text}: a secret may not be part of the URL (URLs are logged and stored); send it in a header or the body.`,
        });
      else if (placeholder.kind === "secret" && !secretNames.has(placeholder.name))
        problems.push({ path, message: `${placeholder.text} names no secret; add the secret ${placeholder.name} first.` });
    }
  };

  problems.push(...urlProblems(definition.url_template));
  known(definition.url_template, "url_template", false);
  for (const [name, value] of Object.entries(definition.headers)) {
    if (!HEADER_NAME.test(name)) problems.push({ path: `headers.${name}`, message: `"${name}" is not a valid header name.` });
    else if (RESERVED_HEADERS.has(name.toLowerCase()) || name.toLowerCase().startsWith("proxy-"))
      problems.push({ path: `headers.${name}`, message: `${name} is set by the tool itself; remove it.` });
    known(value, `headers.${name}`, true);
  }
  if (definition.body_template !== null) {
    if (definition.method === "GET") problems.push({ path: "body_template", message: "A GET request has no body; remove it or use POST." });
    for (const [path, text] of jsonStrings(definition.body_template, "body_template")) {
      if (text.key && (text.value.includes("{{") || text.value.includes("}}")))
        problems.push({ path, message: "Placeholders go in the body's values, not its keys." });
      else known(text.value, path, true);
    }
  }
  return problems;
}

function urlProblems(template: string): FormProblem[] {
  const origin = /^https?:\/\/[^/?#]*/i.exec(template)?.[0];
  if (origin === undefined)
    return [{ path: "url_template", message: "Start the URL with http:// or https:// and the host, e.g. https://api.example.com/..." }];
  if (origin.includes("{{") || origin.includes("}}"))
    return [{ path: "url_template", message: "The scheme and host are fixed: placeholders go in the path or the query." }];
  if (template.includes("#")) return [{ path: "url_template", message: "Remove the #fragment: it is never sent to the server." }];
  const sample = template.replaceAll(/\{\{[^}]*\}\}/g, "x");
  if (!URL.canParse(sample)) return [{ path: "url_template", message: "This is not a valid URL once its placeholders are filled." }];
  // The path as written must be the path sent: a literal "..", a space or "ä" would be rewritten by the URL parser (and every call refused).
  const path = sample.slice(origin.length).split("?")[0];
  if (new URL(sample).pathname !== (path === "" ? "/" : path))
    return [
      {
        path: "url_template",
        message: 'Write the path as it is sent: no "." or ".." segments, and spaces or other special characters percent-encoded (%20).',
      },
    ];
  return [];
}

/** The fields checked as a one-step form, so the form builder's rules apply as they are; conditions have no meaning here. */
function fieldProblems(fields: readonly StoredField[]): FormProblem[] {
  const problems: FormProblem[] = fields.flatMap((field, index) =>
    field.when ? [{ path: `fields[${index}].when`, message: "An HTTP tool's fields have no conditions; remove it." }] : [],
  );
  if (fields.length === 0) return problems;
  const check = checkStoredForm({ id: "tool", name: "Tool", steps: [{ id: "input", title: "Input", fields }] });
  if (!check.ok)
    for (const problem of check.problems) problems.push({ ...problem, path: problem.path.replace(/^steps\[0\]\.fields/, "fields") });
  return problems;
}

/** Every string of a JSON value (keys too), with its path. */
function* jsonStrings(value: JsonValue, path: string): Generator<[string, { value: string; key: boolean }]> {
  if (typeof value === "string") yield [path, { value, key: false }];
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* jsonStrings(item, `${path}[${index}]`);
  else if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      yield [`${path}.${key}`, { value: key, key: true }];
      yield* jsonStrings(item, `${path}.${key}`);
    }
}
