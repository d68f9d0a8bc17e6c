/** The browser's JSON client for our routes: errors carry the server's message and field issues. */

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

/** Turns a non-OK answer into an ApiError with the route's code, message and details. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const payload = await response.json().catch(() => null);
  const error = payload?.error;
  return new ApiError(
    response.status,
    error?.code ?? "http_error",
    error?.message ?? `The request failed (${response.status}). Try again.`,
    Array.isArray(error?.details?.issues) ? error.details.issues : [],
    error?.details,
  );
}

/** The message to show for a failed request: the server's words, or `fallback` for anything else. */
export const errorMessage = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: init.body === undefined ? undefined : { "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json().catch(() => null)) as T;
}

/** Field name → first message, from zod-style issues. */
export function issuesByField(issues: FieldIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) if (!(issue.path in out)) out[issue.path] = issue.message;
  return out;
}
