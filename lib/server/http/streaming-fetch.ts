import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { pipeline, Readable, Transform } from "node:stream";

/**
 * A `fetch` over node:http for the SDKs that call a URL a tenant chose (the MCP transport, the
 * model providers): the connection's address comes from `lookup`, which the SSRF guard answers,
 * so the name is never resolved by anyone it has not vetted; a redirect is never followed (a 3xx
 * comes back as it is); and the body is handed on as a web stream, cut off past `maxBytes`.
 * node:http rather than `fetch` with an undici dispatcher: the `lookup` hook is the same guarantee
 * without a dependency, and it does not depend on which undici Node bundles.
 */
export interface StreamingFetchOptions {
  lookup: LookupFunction;
  /** The most one answer may stream before it is cut off: a server cannot fill our memory. */
  maxBytes: number;
  /** Connections kept alive per protocol; false: one connection per request. */
  agents: { http: http.Agent; https: https.Agent } | false;
}

/** Where node:http sends a request for `target` (brackets off an IPv6 literal, as net wants it). */
export const requestTarget = (target: URL) => ({
  protocol: target.protocol,
  host: bareHost(target),
  port: target.port || undefined,
  path: `${target.pathname}${target.search}`,
});

export const bareHost = (target: URL) => target.hostname.replace(/^\[|\]$/g, "");

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

async function bodyBytes(body: BodyInit | null | undefined): Promise<Buffer | string | undefined> {
  if (body === null || body === undefined) return undefined;
  if (typeof body === "string") return body;
  return Buffer.from(await new Response(body).arrayBuffer());
}

export async function streamingFetch(target: URL, init: RequestInit, options: StreamingFetchOptions): Promise<Response> {
  const body = await bodyBytes(init.body);
  const secure = target.protocol === "https:";
  const transport = secure ? https : http;
  return new Promise<Response>((resolve, reject) => {
    const request = transport.request(
      {
        ...requestTarget(target),
        method: init.method ?? "GET",
        headers: headerRecord(init.headers),
        lookup: options.lookup,
        signal: init.signal ?? undefined,
        agent: options.agents === false ? false : secure ? options.agents.https : options.agents.http,
      },
      (response) => {
        const status = response.statusCode ?? 502;
        // A web Response cannot carry any other status (it would throw here, outside the promise).
        if (status < 200 || status > 599) {
          response.destroy();
          reject(new Error(`The server answered with HTTP status ${status}, which is not a final answer.`));
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
          const stream = empty
            ? null
            : (Readable.toWeb(pipeline(response, capped(options.maxBytes), () => {})) as ReadableStream<Uint8Array>);
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
}
