import { stripInvisibleTags } from "@/lib/server/http/invisible-text";
import { failure, success, type ToolResultPayload } from "@/lib/agent";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { ShownRequest } from "@/lib/schemas/http-tools";
import type { LookupAll } from "@/lib/server/http/outbound-url-guard";
import { safeFetch, SafeFetchError, type SafeFetchLimits, type SafeResponse } from "@/lib/server/http/safe-fetch";
import { renderRequest, RenderError, type Secrets } from "./render-request";
import { openSecretsFor } from "./secrets";
import type { StoredHttpTool } from "./stored-tool";

/**
 * One call of an HTTP tool: render the request, send it through the SSRF guard (safeFetch: the
 * vetted address pinned, redirects returned as they are, the tool's timeout), and make the answer a
 * tool result the model can act on. The call id goes out as `Idempotency-Key`, so a call re-run after
 * a crash is safe for servers that honour it. Nothing returned holds a secret's value: the request
 * is the `shown` one, and a server that echoes a secret back gets it masked as `{{secret.NAME}}`.
 */

/** What the model gets of a response body at most; the rest is not read. */
export const RESPONSE_CAP_BYTES = 16 * 1024;
/** How much of an error's body the error sentence quotes. */
const ERROR_BODY_START = 500;
const USER_AGENT = "Handoff-HttpTool/1";

export interface HttpToolCallResult {
  /** The request as sent, secrets masked; null when the input could not be rendered. */
  request: ShownRequest | null;
  result: ToolResultPayload;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Tests: the operator's flag and a resolver (as safeFetch takes them). */
  env?: SafeFetchLimits["env"];
  lookup?: LookupAll;
}

export async function callHttpTool(
  tenant: Pick<TenantContext, "organizationId">,
  tool: StoredHttpTool,
  input: Record<string, unknown>,
  idempotencyKey: string,
  options: CallOptions = {},
): Promise<HttpToolCallResult> {
  const secrets = await openSecretsFor(tenant, tool);
  let rendered;
  try {
    rendered = renderRequest(tool, input, secrets, { "Idempotency-Key": idempotencyKey, "User-Agent": USER_AGENT });
  } catch (error) {
    if (error instanceof RenderError) return { request: null, result: failure(error.message, { path: error.path }) };
    throw error;
  }
  const { sent, shown } = rendered;
  let response: SafeResponse;
  try {
    response = await safeFetch(
      sent.url,
      { method: sent.method, headers: sent.headers, ...(sent.body !== null && { body: sent.body }), signal: options.signal },
      { timeoutMs: tool.timeoutMs, maxBodyBytes: RESPONSE_CAP_BYTES, env: options.env, lookup: options.lookup },
    );
  } catch (error) {
    if (error instanceof SafeFetchError) return { request: shown, result: fetchFailure(tool, error) };
    throw error;
  }
  return { request: shown, result: resultOf(response, secrets) };
}

function fetchFailure(tool: StoredHttpTool, error: SafeFetchError): ToolResultPayload {
  if (error.code === "timeout")
    return failure(`${tool.name} got no answer within ${tool.timeoutMs / 1000} s; the server may be slow or down. Try again later.`, {
      error: "timeout",
    });
  return failure(`${tool.name} could not reach the server: ${error.message}`, { error: error.code });
}

// A one- or two-character value would mask ordinary text all over the answer; such a secret protects nothing anyway.
const maskable = (secrets: Secrets) => [...secrets].filter(([, value]) => value.length >= 3);

/**
 * Every secret value of this call replaced by its placeholder, also as it appears inside a JSON string;
 * `cut`: the text was cut at the cap, so a secret's first part at its very end is masked too.
 */
function mask(text: string, secrets: Secrets, cut = false): string {
  let out = text;
  for (const [name, value] of maskable(secrets)) {
    for (const form of new Set([value, JSON.stringify(value).slice(1, -1)])) {
      out = out.replaceAll(form, `{{secret.${name}}}`);
      if (!cut) continue;
      for (let length = form.length - 1; length >= 3; length--) {
        if (out.endsWith(form.slice(0, length))) {
          out = `${out.slice(0, -length)}{{secret.${name}}}`;
          break;
        }
      }
    }
  }
  return out;
}

/** A parsed JSON body masked string by string: other escapes (`\/`, `\u0041`) only show the secret once parsed. */
function maskParsed(value: unknown, secrets: Secrets): unknown {
  if (typeof value === "string") return mask(value, secrets);
  if (Array.isArray(value)) return value.map((item) => maskParsed(item, secrets));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [mask(key, secrets), maskParsed(item, secrets)]));
  return value;
}

const isJson = (contentType: string) => /^application\/(.+\+)?json\b/i.test(contentType);

function resultOf(response: SafeResponse, secrets: Secrets): ToolResultPayload {
  const contentType = response.headers["content-type"] ?? "";
  // Tag characters are invisible to people and read by models: a way to hide instructions in an answer.
  const text = stripInvisibleTags(mask(response.body.toString("utf8"), secrets, response.truncated));
  let body: unknown = text;
  if (isJson(contentType) && !response.truncated && text.trim() !== "") {
    try {
      body = maskParsed(JSON.parse(text), secrets);
    } catch {
      // Not valid JSON after all: the model gets the text.
    }
  }
  const declared = Number(response.headers["content-length"]);
  const data = {
    status: response.status,
    content_type: contentType || null,
    body,
    ...(response.truncated && {
      cut:
        `The response was longer than ${RESPONSE_CAP_BYTES} bytes` +
        (Number.isFinite(declared) && declared > 0 ? ` (${declared} bytes)` : "") +
        `; only the first ${RESPONSE_CAP_BYTES} bytes are shown, as text.`,
    }),
  };
  if (response.status >= 200 && response.status < 300) return success(data);
  if (response.status >= 300 && response.status < 400) {
    const location = mask(response.headers.location ?? "(no location)", secrets);
    return failure(
      `The server answered ${response.status}, a redirect to ${location}; redirects are not followed. Use the final URL.`,
      data,
    );
  }
  const start = text.slice(0, ERROR_BODY_START);
  return failure(
    `The server answered ${response.status}${start.trim() ? `: ${start}${text.length > ERROR_BODY_START ? "…" : ""}` : " with no body"}.`,
    data,
  );
}
