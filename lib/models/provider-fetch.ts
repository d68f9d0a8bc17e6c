/**
 * The fetch every model provider's SDK is given: a redirect is refused, never followed. A base URL
 * that passed the SSRF guard (lib/server/agent/model-url-guard.ts) could otherwise answer 307 to
 * the metadata address or the private network, and the SDK would follow it with the request's
 * key. Refusing also spares undici the request's clone (and the body's tee) that a followable
 * redirect needs for every model call.
 */
export const providerFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
  fetch(input, { ...init, redirect: "error" });

/** undici's reason when `redirect: "error"` met a 3xx: the cause of fetch's TypeError. */
export const REFUSED_REDIRECT_MESSAGE = "unexpected redirect";
