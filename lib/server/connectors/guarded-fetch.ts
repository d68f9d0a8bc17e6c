import { pinnedLookup } from "@/lib/server/http/guarded-lookup";
import { checkOutboundUrl, type LookupAll } from "@/lib/server/http/outbound-url-guard";
import { OUTBOUND_ALLOW_PRIVATE_ENV } from "@/lib/server/http/safe-fetch";
import { streamingFetch } from "@/lib/server/http/streaming-fetch";

/**
 * A `fetch` for the MCP SDK's transport behind the SSRF guard. `safeFetch` buffers the whole body,
 * but Streamable HTTP answers with server-sent events that stay open, so this one streams
 * (`streamingFetch`): every URL is checked by `checkOutboundUrl` (as webhooks and model URLs are),
 * and the connection goes to the address the guard vetted (no second resolution, no DNS rebinding).
 */

/** The most one answer may stream before it is cut off: a server cannot fill our memory (the model gets 100,000 characters at most). */
export const MCP_ANSWER_MAX_BYTES = 8 * 1024 * 1024;

export interface GuardSettings {
  allowPrivate: boolean;
  lookup?: LookupAll;
}

/** The guard refused the URL; `message` is the guard's sentence for the admin. */
export class UrlRefusedError extends Error {
  override name = "UrlRefusedError";
}

export function guardedFetch(settings: GuardSettings, maxBytes = MCP_ANSWER_MAX_BYTES) {
  return async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const verdict = await checkOutboundUrl(input, {
      allowPrivate: settings.allowPrivate,
      allowPrivateVariable: OUTBOUND_ALLOW_PRIVATE_ENV,
      lookup: settings.lookup,
    });
    if (!verdict.ok) throw new UrlRefusedError(verdict.reason);
    // One request per connection: a pooled socket could outlive the address it was vetted for.
    return streamingFetch(verdict.url, init, { lookup: pinnedLookup(verdict.addresses[0]), maxBytes, agents: false });
  };
}
