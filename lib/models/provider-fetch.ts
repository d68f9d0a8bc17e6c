/** The `fetch` the providers' SDKs are given (their own type for it). */
export type ProviderFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * The fetch a model provider's SDK is given unless the caller names its own (the server names
 * the SSRF guard's, lib/server/agent/model-fetch.ts): a redirect is refused, never followed. A base URL
 * that passed the SSRF guard (lib/server/agent/model-url-guard.ts) could otherwise answer 307 to
 * the metadata address or the private network, and the SDK would follow it with the request's
 * key. Refusing also spares undici the request's clone (and the body's tee) that a followable
 * redirect needs for every model call.
 */
export const providerFetch: ProviderFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
  fetch(input, { ...init, redirect: "error" });

/**
 * What a `ProviderFetch` throws when the SSRF guard refused the address the name resolved to as
 * the connection was made: a setting to check, not an outage to retry.
 */
export class ProviderAddressRefusedError extends Error {
  override name = "ProviderAddressRefusedError";
}

/** undici's reason when `redirect: "error"` met a 3xx: the cause of fetch's TypeError. */
export const REFUSED_REDIRECT_MESSAGE = "unexpected redirect";
