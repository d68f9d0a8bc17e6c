import { ModelError, type ModelErrorKind } from "./model-error";
import { ProviderAddressRefusedError, REFUSED_REDIRECT_MESSAGE } from "./provider-fetch";

/**
 * Maps whatever a provider SDK threw to one of our error kinds. Works on the shapes rather
 * than on classes so one function covers @anthropic-ai/sdk (`status`, `headers: Headers`,
 * `type`), the AI SDK (`statusCode`, `responseHeaders`), undici network failures (`code` on
 * the error or its `cause`) and plain AbortErrors.
 */

export interface ClassifiedError {
  kind: ModelErrorKind;
  status?: number;
  /** From `retry-after-ms` / `retry-after` (seconds or an HTTP date), uncapped. */
  retryAfterMs?: number;
}

/** Error `type` / `code` strings in provider bodies and SSE error events. */
const KIND_BY_ERROR_TYPE: Record<string, ModelErrorKind> = {
  overloaded_error: "overloaded",
  rate_limit_error: "rate_limit",
  rate_limit_exceeded: "rate_limit",
  insufficient_quota: "quota",
  billing_error: "quota",
  api_error: "server",
  server_error: "server",
  authentication_error: "auth",
  permission_error: "auth",
  invalid_api_key: "auth",
  invalid_request_error: "bad_request",
  not_found_error: "bad_request",
  request_too_large: "bad_request",
  timeout_error: "timeout",
};

const NETWORK_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
]);
const TIMEOUT_CODES = new Set(["ETIMEDOUT", "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

type Loose = Record<string, unknown>;

function asObject(value: unknown): Loose | undefined {
  return typeof value === "object" && value !== null ? (value as Loose) : undefined;
}

/** The error and its `cause` chain (bounded, in case of a cycle). */
function chain(error: unknown): Loose[] {
  const links: Loose[] = [];
  for (let current = asObject(error); current && links.length < 5; current = asObject(current.cause)) links.push(current);
  return links;
}

function statusOf(error: Loose): number | undefined {
  const status = error.status ?? error.statusCode;
  return typeof status === "number" ? status : undefined;
}

function kindForStatus(status: number): ModelErrorKind {
  // A fetch that does not follow redirects (the server's, lib/server/agent/model-fetch.ts) hands the 3xx on.
  if (status >= 300 && status < 400) return "redirect";
  if (status === 402) return "quota";
  if (status === 401 || status === 403) return "auth";
  if (status === 408) return "timeout";
  if (status === 429) return "rate_limit";
  // 529 is Anthropic's overload signal; 503 is the same thing from OpenAI and most gateways.
  if (status === 529 || status === 503) return "overloaded";
  if (status >= 500) return "server";
  return "bad_request";
}

/** `type` on an Anthropic APIError, `error.type` / `error.code` in a parsed body or stream chunk. */
function kindForErrorType(error: Loose): ModelErrorKind | undefined {
  const nested = asObject(error.error);
  const inner = asObject(nested?.error) ?? nested;
  for (const candidate of [error.type, inner?.type, inner?.code, error.code]) {
    if (typeof candidate === "string" && KIND_BY_ERROR_TYPE[candidate]) return KIND_BY_ERROR_TYPE[candidate];
  }
  return undefined;
}

const QUOTA_TYPES = new Set(["insufficient_quota", "billing_error"]);

/**
 * A spent quota or credit, whatever the status says (OpenAI sends insufficient_quota as a 429,
 * like a rate limit): the body's error type or code, as each SDK exposes it.
 */
function saysQuota(error: Loose): boolean {
  const bodies = [asObject(error.error), asObject(error.data)];
  const candidates = [error.type, error.code];
  for (const body of bodies) {
    const inner = asObject(body?.error) ?? body;
    candidates.push(inner?.type, inner?.code);
  }
  if (candidates.some((candidate) => typeof candidate === "string" && QUOTA_TYPES.has(candidate))) return true;
  return typeof error.responseBody === "string" && /"(type|code)"\s*:\s*"insufficient_quota"/.test(error.responseBody);
}

function header(headers: unknown, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | undefined>;
  return record[name] ?? record[name.toLowerCase()];
}

/** `retry-after-ms` wins (it is the precise one), then `retry-after` in seconds or as an HTTP date. */
export function parseRetryAfter(headers: unknown, now: number = Date.now()): number | undefined {
  const ms = Number(header(headers, "retry-after-ms"));
  if (header(headers, "retry-after-ms") !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
  const value = header(headers, "retry-after");
  if (value === undefined || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Returns undefined for errors that are not a provider failure (a bug in our own code): those
 * are rethrown as they are rather than retried or dressed up as an outage.
 */
export function classifyModelError(error: unknown): ClassifiedError | undefined {
  if (error instanceof ModelError) return { kind: error.kind, status: error.status };
  const links = chain(error);
  const top = links[0];
  if (!top) return undefined;

  const names = links.map((link) => link.name);
  if (names.includes("APIConnectionTimeoutError") || names.includes("TimeoutError")) return { kind: "timeout" };
  if (names.includes("APIUserAbortError") || names.includes("AbortError") || names.includes("ResponseAborted")) return { kind: "aborted" };

  const status = statusOf(top);
  // A stream cut after a 200 reaches us from the AI SDK as an APICallError with status 200:
  // only an error status says what went wrong; otherwise the cause chain does.
  if (status !== undefined && status >= 300) {
    const headers = top.headers ?? top.responseHeaders;
    if (saysQuota(top)) return { kind: "quota", status };
    return { kind: kindForStatus(status), status, retryAfterMs: parseRetryAfter(headers) };
  }

  // An error event inside a 200 stream (Anthropic's `event: error`, an OpenAI error chunk).
  const byType = kindForErrorType(top);
  if (byType) return { kind: byType };

  // Providers are called with redirects refused (provider-fetch.ts): a setting to fix, not an outage to retry.
  if (links.some((link) => link.message === REFUSED_REDIRECT_MESSAGE)) return { kind: "redirect" };
  if (links.some((link) => link instanceof ProviderAddressRefusedError)) return { kind: "address_refused" };
  for (const link of links) {
    const code = link.code;
    if (typeof code === "string" && TIMEOUT_CODES.has(code)) return { kind: "timeout" };
    if (typeof code === "string" && NETWORK_CODES.has(code)) return { kind: "network" };
  }
  if (names.includes("APIConnectionError")) return { kind: "network" };
  // The AI SDK's APICallError without a status is a failed fetch; undici says "terminated" when
  // a streamed body is cut, "fetch failed" when no connection could be made.
  if (names.includes("AI_APICallError")) return { kind: "network" };
  if (top.name === "TypeError" && /^(terminated|fetch failed)$/.test(String(top.message))) return { kind: "network" };
  return undefined;
}
