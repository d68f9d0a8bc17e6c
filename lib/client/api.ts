import { reconnectDelay } from "./backoff";

/**
 * The browser's JSON client for our routes: errors carry the server's message and field issues.
 * While the database is away the server answers 503 (`service_unavailable`): reads are asked again
 * by themselves with backoff, a write is never repeated behind the person's back, and its error
 * says plainly that nothing was saved.
 */

export interface FieldIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: FieldIssue[] = [],
    /** The error's `details` as the route sent them (e.g. the slot as someone else answered it, on a 409). */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** What a failed fetch (no answer at all) throws. */
export const networkError = () => new ApiError(0, "network", "Could not reach Handoff. Check your connection and try again.");

/** What a write that reached the server while it was briefly unavailable says: it did not happen. */
export const NOT_SAVED_MESSAGE = "This may not have been saved: the service was briefly unavailable. Reload to check, then try again.";

const isUnavailable = (status: number) => status === 503;

/**
 * Turns a non-OK answer into an ApiError with the route's code, message and details; `write`: the
 * request changed something (or meant to). A write refused because the service was briefly away
 * (our 503, or a proxy's without our JSON) says it was not saved; another 503 keeps its own words.
 */
export async function errorFromResponse(response: Response, options: { write?: boolean } = {}): Promise<ApiError> {
  const payload = await response.json().catch(() => null);
  const error = payload?.error;
  return new ApiError(
    response.status,
    error?.code ?? "http_error",
    options.write && isUnavailable(response.status) && (!error || error.code === "service_unavailable")
      ? NOT_SAVED_MESSAGE
      : (error?.message ?? `The request failed (${response.status}). Try again.`),
    Array.isArray(error?.details?.issues) ? error.details.issues : [],
    error?.details,
  );
}

/** The message to show for a failed request: the server's words, or `fallback` for anything else. */
export const errorMessage = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** How often a read is asked again while the service is unavailable or unreachable (about half a minute in all). */
export const READ_RETRIES = 6;

export interface ApiFetchInit {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Tests: the fetch and the wait between read attempts. */
  fetchImpl?: typeof fetch;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const read = method === "GET" || method === "HEAD";
  const wait = init.wait ?? sleep;
  for (let attempt = 0; ; attempt++) {
    const retry = read && attempt < READ_RETRIES && !init.signal?.aborted;
    let response: Response;
    try {
      response = await (init.fetchImpl ?? fetch)(path, {
        method,
        headers: init.body === undefined ? undefined : { "content-type": "application/json" },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      if (retry) {
        await wait(retryDelay(attempt, null), init.signal);
        continue;
      }
      throw networkError();
    }
    if (response.ok) return (await response.json().catch(() => null)) as T;
    if (retry && isUnavailable(response.status)) {
      await response.body?.cancel().catch(() => {});
      await wait(retryDelay(attempt, response.headers.get("retry-after")), init.signal);
      continue;
    }
    throw await errorFromResponse(response, { write: !read });
  }
}

/** The server's Retry-After when it sent one (capped), else our own backoff. */
function retryDelay(attempt: number, retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  if (retryAfter && Number.isFinite(seconds) && seconds > 0) return Math.min(seconds, 10) * 1000;
  return reconnectDelay(attempt, { baseMs: 500, maxMs: 8_000 });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** Field name → first message, from zod-style issues. */
export function issuesByField(issues: FieldIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) if (!(issue.path in out)) out[issue.path] = issue.message;
  return out;
}
