import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { ProviderAddressRefusedError, type ProviderFetch } from "@/lib/models/provider-fetch";
import { addressRefused, AddressRefusedError, vettingLookup } from "@/lib/server/http/guarded-lookup";
import { vetHost, type LookupAll } from "@/lib/server/http/outbound-url-guard";
import { bareHost, streamingFetch } from "@/lib/server/http/streaming-fetch";

/** The most one model answer may stream (a 128,000-token answer in SSE events is about 20 MB). */
export const MODEL_ANSWER_MAX_BYTES = 64 * 1024 * 1024;

export interface ModelFetchOptions {
  /** ALLOW_PRIVATE_MODEL_URLS: the private network opens, the cloud metadata address never does. */
  allowPrivate: boolean;
  /** Replaces the system resolver (tests: a name that resolves to a private address). */
  lookup?: LookupAll;
}

/**
 * The `fetch` the providers' SDKs call for a tenant's model. The base URLs are checked before a
 * run's first model call (model-url-guard.ts), but the SDKs resolve the name again when they
 * connect; here every new connection is vetted as it is made (`vettingLookup`), so a name whose
 * answer changes after the check (DNS rebinding) cannot reach a private address, while
 * connections stay alive between calls; a literal IP is vetted before the call. A redirect comes
 * back as its 3xx, never followed.
 */
export function modelFetch(options: ModelFetchOptions): ProviderFetch {
  const lookup = vettingLookup({ allowPrivate: options.allowPrivate, lookup: options.lookup });
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  return async (input, init = {}) => {
    const target = new URL(input instanceof Request ? input.url : input);
    try {
      const host = bareHost(target);
      if (isIP(host)) {
        const verdict = await vetHost(host, { allowPrivate: options.allowPrivate });
        if (!verdict.ok) throw addressRefused(verdict);
      }
      return await streamingFetch(target, init, { lookup, maxBytes: MODEL_ANSWER_MAX_BYTES, agents });
    } catch (error) {
      if (error instanceof AddressRefusedError) throw new ProviderAddressRefusedError(error.message, { cause: error });
      throw error;
    }
  };
}

const serverFetches = new Map<boolean, ProviderFetch>();

/** The process's model fetch for this setting: one keep-alive pool per process, not per run. */
export function serverModelFetch(allowPrivate: boolean): ProviderFetch {
  let fetch = serverFetches.get(allowPrivate);
  if (!fetch) serverFetches.set(allowPrivate, (fetch = modelFetch({ allowPrivate })));
  return fetch;
}
