import type { JsonValue } from "@/lib/schemas/http-tools";
import { fillPlaceholders, soloPlaceholder, type Placeholder } from "./placeholders";

/**
 * An HTTP tool's templates filled with one call's input and the organization's secrets. Pure.
 *
 * - Path placeholders are percent-encoded as one segment (`/`, `?`, `#` included), and a filled
 *   path may not contain a `.` or `..` segment: the URL parser would resolve it, so an input could
 *   climb out of the path the admin wrote. The origin never holds a placeholder (check-definition.ts).
 * - Query placeholders are encoded as query values (`&`, `=`, `+` cannot add parameters).
 * - Header values are text; one holding CR, LF or another control character is refused.
 * - The body template is JSON: a string that is exactly one placeholder becomes the value itself
 *   (a string input a JSON string, a number a number), a placeholder inside longer text is
 *   interpolated into that JSON string. The input never becomes raw JSON text.
 *
 * Two versions come out: `sent`, with secret values, goes on the wire and nowhere else; `shown`
 * keeps `{{secret.NAME}}` in their place and is what people see and what is stored.
 */

export interface RequestTemplate {
  method: string;
  urlTemplate: string;
  headers: Record<string, string>;
  bodyTemplate: JsonValue | null;
}

export interface RenderedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

export interface Rendered {
  sent: RenderedRequest;
  shown: RenderedRequest;
}

/** The input cannot be made into a request; `message` says what to change (the model reads it). */
export class RenderError extends Error {
  override name = "RenderError";
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

export type Secrets = ReadonlyMap<string, string>;

const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;
// HTTP/1.1 header values are bytes; Node sends Latin-1 and refuses anything above it (a crash, not an answer).
const NOT_LATIN1 = /[^\u0000-\u00ff]/;
const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

/** A value as text in a URL or header: lists comma-separated, absent as empty. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.map(textOf).join(",");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function renderRequest(
  template: RequestTemplate,
  input: Record<string, unknown>,
  secrets: Secrets,
  extraHeaders: Record<string, string> = {},
): Rendered {
  const url = renderUrl(template.urlTemplate, input);
  const headers = { sent: {} as Record<string, string>, shown: {} as Record<string, string> };
  for (const [name, value] of Object.entries(template.headers)) {
    headers.sent[name] = renderHeader(name, value, input, secrets);
    headers.shown[name] = fillPlaceholders(value, (placeholder) =>
      placeholder.kind === "secret" ? placeholder.text : textOf(input[placeholder.name]),
    );
  }
  let body: { sent: string; shown: string } | null = null;
  if (template.bodyTemplate !== null) {
    body = {
      sent: JSON.stringify(fillJson(template.bodyTemplate, input, (placeholder) => secretValue(placeholder, secrets, "body"))),
      shown: JSON.stringify(fillJson(template.bodyTemplate, input, (placeholder) => placeholder.text)),
    };
    extraHeaders = { "Content-Type": "application/json", ...extraHeaders };
  }
  // The admin's own header wins over a default of the same name in another case (node:http would send both).
  const taken = new Set(Object.keys(template.headers).map((name) => name.toLowerCase()));
  const extra = Object.fromEntries(Object.entries(extraHeaders).filter(([name]) => !taken.has(name.toLowerCase())));
  return {
    sent: { method: template.method, url, headers: { ...headers.sent, ...extra }, body: body?.sent ?? null },
    shown: { method: template.method, url, headers: { ...headers.shown, ...extra }, body: body?.shown ?? null },
  };
}

function renderUrl(urlTemplate: string, input: Record<string, unknown>): string {
  const origin = /^https?:\/\/[^/?#]*/i.exec(urlTemplate)?.[0] ?? "";
  const rest = urlTemplate.slice(origin.length);
  const queryAt = rest.indexOf("?");
  const pathTemplate = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const queryTemplate = queryAt === -1 ? null : rest.slice(queryAt + 1);

  const path = fillPlaceholders(pathTemplate, ({ name }) => {
    const text = textOf(input[name]);
    if (text === "") throw new RenderError(`"${name}" is empty, but it is part of the URL's path; give it a value.`, `input.${name}`);
    return encodeURIComponent(text);
  });
  for (const segment of path.split("/")) {
    if (DOT_SEGMENT.test(segment))
      throw new RenderError(`The input makes "${segment}" a segment of the URL's path, which is not allowed; give another value.`, "url");
  }
  const query = queryTemplate === null ? "" : `?${fillPlaceholders(queryTemplate, ({ name }) => encodeURIComponent(textOf(input[name])))}`;
  const rendered = `${origin}${path}${query}`;
  // A last guard: what the URL parser makes of it must still be the path we built.
  const parsed = URL.canParse(rendered) ? new URL(rendered) : null;
  if (!parsed || parsed.origin !== new URL(`${origin}/`).origin || parsed.pathname !== (path === "" ? "/" : path))
    throw new RenderError("The input does not make a valid URL with this tool's template; give other values.", "url");
  return rendered;
}

function secretValue(placeholder: Placeholder, secrets: Secrets, where: string): string {
  const value = secrets.get(placeholder.name);
  if (value === undefined)
    throw new RenderError(
      `The secret ${placeholder.name} is not set; an admin adds it under Settings → HTTP tools.`,
      `${where}.${placeholder.name}`,
    );
  return value;
}

function renderHeader(name: string, template: string, input: Record<string, unknown>, secrets: Secrets): string {
  const value = fillPlaceholders(template, (placeholder) =>
    placeholder.kind === "secret" ? secretValue(placeholder, secrets, `headers.${name}`) : textOf(input[placeholder.name]),
  );
  if (CONTROL.test(value))
    throw new RenderError(
      `The header ${name} would contain a line break or control character; give a value without one.`,
      `headers.${name}`,
    );
  if (NOT_LATIN1.test(value))
    throw new RenderError(
      `The header ${name} would contain a character headers cannot carry (such as € or an emoji); give a value in plain Latin letters, digits and punctuation.`,
      `headers.${name}`,
    );
  return value;
}

function fillJson(template: JsonValue, input: Record<string, unknown>, secret: (placeholder: Placeholder) => string): JsonValue {
  if (typeof template === "string") {
    const solo = soloPlaceholder(template);
    if (solo) return solo.kind === "secret" ? secret(solo) : toJson(input[solo.name]);
    return fillPlaceholders(template, (placeholder) =>
      placeholder.kind === "secret" ? secret(placeholder) : textOf(input[placeholder.name]),
    );
  }
  if (Array.isArray(template)) return template.map((item) => fillJson(item, input, secret));
  if (template !== null && typeof template === "object")
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillJson(value, input, secret)]));
  return template;
}

/** An input value as a JSON value: absent is null. */
function toJson(value: unknown): JsonValue {
  return value === undefined ? null : (value as JsonValue);
}
