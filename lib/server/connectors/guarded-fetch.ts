import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { pipeline, Readable, Transform } from "node:stream";
import { checkOutboundUrl, type LookupAll, type ResolvedAddress } from "@/lib/server/http/outbound-url-guard";
import { OUTBOUND_ALLOW_PRIVATE_ENV } from "@/lib/server/http/safe-fetch";

/**
 * A `fetch` for the MCP SDK's transport behind the SSRF guard. `safeFetch` buffers the whole body,
 * but Streamable HTTP answers with server-sent events that stay open, so this one streams: every
 * URL is checked by `checkOutboundUrl` (as webhooks and model URLs are), node:http connects to the
 * address the guard vetted (its `lookup` hook answers with it: no second resolution, no DNS
 * rebinding), redirects are never followed (a 3xx comes back as it is), and the body is handed on
 * as a web stream. No undici dependency: the `lookup` hook is the same guarantee.
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

function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => (record[name] = value));
  return record;
}

/** Passes the bytes on and fails the stream once they exceed `limit`. */
function capped(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new Error(`The server's answer exceeded ${limit / (1024 * 1024)} MB and was cut off.`));
      else done(null, chunk);
    },
  });
}

async function bodyBytes(body: BodyInit | null | undefined): Promise<Buffer | undefined> {
  if (body === null || body === undefined) return undefined;
  return Buffer.from(await new Response(body).arrayBuffer());
}

export function guardedFetch(settings: GuardSettings, maxBytes = MCP_ANSWER_MAX_BYTES) {
  return async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const verdict = await checkOutboundUrl(input, {
      allowPrivate: settings.allowPrivate,
      allowPrivateVariable: OUTBOUND_ALLOW_PRIVATE_ENV,
      lookup: settings.lookup,
    });
    if (!verdict.ok) throw new UrlRefusedError(verdict.reason);
    const target = verdict.url;
    const body = await bodyBytes(init.body);
    const transport = target.protocol === "https:" ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = transport.request(
        {
          protocol: target.protocol,
          host: target.hostname.replace(/^\[|\]$/g, ""),
          port: target.port || undefined,
          path: `${target.pathname}${target.search}`,
          method: init.method ?? "GET",
          headers: headerRecord(init.headers),
          lookup: pinnedLookup(verdict.addresses[0]),
          signal: init.signal ?? undefined,
          // One request per connection: a pooled socket could outlive the address it was vetted for.
          agent: false,
        },
        (response) => {
          const status = response.statusCode ?? 502;
          // A web Response cannot carry any other status (it would throw here, outside the promise).
          if (status < 200 || status > 599) {
            response.destroy();
            reject(new Error(`The server answered with HTTP status ${status}, which is not an answer an MCP server gives.`));
            return;
          }
          try {
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (value === undefined) continue;
              for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
            }
            const empty = status === 204 || status === 304 || init.method === "HEAD";
            if (empty) response.resume();
            // pipeline, not pipe: a reset connection fails the body instead of leaving it open.
            const stream = empty ? null : (Readable.toWeb(pipeline(response, capped(maxBytes), () => {})) as ReadableStream<Uint8Array>);
            resolve(new Response(stream, { status, statusText: response.statusMessage, headers }));
          } catch (error) {
            response.destroy();
            reject(error);
          }
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  };
}
