import http from "node:http";
import https from "node:https";
import { serverEnv, type ServerEnv } from "@/lib/server/env";
import { pinnedLookup } from "./guarded-lookup";
import { checkOutboundUrl, type LookupAll, type OutboundRefusalCode } from "./outbound-url-guard";
import { requestTarget } from "./streaming-fetch";

/**
 * An HTTP request to a URL a tenant chose (a webhook endpoint), behind the SSRF guard:
 *
 * - the URL is checked by `checkOutboundUrl` (http(s), no credentials, every address public unless
 *   the operator set `OUTBOUND_ALLOW_PRIVATE=1`);
 * - the connection goes to the address the guard vetted: node:http's `lookup` hook answers with
 *   it, so the name is never resolved a second time (no DNS rebinding between check and connect),
 *   while `Host` and TLS's SNI and certificate check still use the name;
 * - redirects are never followed: a 3xx comes back as it is, with its `location` header;
 * - the whole exchange (connect, send, read) is aborted after `timeoutMs`;
 * - at most `maxBodyBytes` of the response body are read, then the socket is closed; `preview`
 *   keeps its first 1 KB as text for the delivery log.
 *
 * node:http rather than `fetch` with an undici dispatcher: the `lookup` hook is the same guarantee
 * without a dependency, and it does not depend on which undici Node bundles.
 */

export const OUTBOUND_ALLOW_PRIVATE_ENV = "OUTBOUND_ALLOW_PRIVATE";
export const PREVIEW_BYTES = 1024;

export interface SafeFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
}

export interface SafeFetchLimits {
  timeoutMs: number;
  maxBodyBytes: number;
  /** Defaults to the server's environment; tests pass `parseEnv({...})`. */
  env?: Pick<ServerEnv, typeof OUTBOUND_ALLOW_PRIVATE_ENV>;
  /** Replaces the system resolver (tests: a host name that resolves to a private address). */
  lookup?: LookupAll;
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string>;
  /** At most `maxBodyBytes` bytes. */
  body: Buffer;
  /** The body was longer than `maxBodyBytes`; the rest was not read. */
  truncated: boolean;
  /** The first 1 KB of the body as UTF-8, for logs. */
  preview: string;
  /** The address that was connected to. */
  address: string;
  durationMs: number;
}

export type SafeFetchErrorCode = OutboundRefusalCode | "timeout" | "aborted" | "network";

/** The request was refused by the guard, timed out, was aborted, or failed on the network; `message` is for the delivery log. */
export class SafeFetchError extends Error {
  override name = "SafeFetchError";
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    readonly durationMs: number,
  ) {
    super(message);
  }
}

export async function safeFetch(url: string | URL, init: SafeFetchInit, limits: SafeFetchLimits): Promise<SafeResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const env = limits.env ?? serverEnv();
  const timeout = () => new SafeFetchError("timeout", `No complete answer within ${limits.timeoutMs} ms.`, elapsed());
  // The name's lookup counts against the same deadline: a slow resolver must not stretch an attempt past it.
  let lookupTimer: ReturnType<typeof setTimeout> | undefined;
  const verdict = await Promise.race([
    checkOutboundUrl(url, {
      allowPrivate: env[OUTBOUND_ALLOW_PRIVATE_ENV],
      allowPrivateVariable: OUTBOUND_ALLOW_PRIVATE_ENV,
      lookup: limits.lookup,
    }),
    new Promise<never>((_, reject) => (lookupTimer = setTimeout(() => reject(timeout()), limits.timeoutMs))),
  ]).finally(() => clearTimeout(lookupTimer));
  if (!verdict.ok) throw new SafeFetchError(verdict.code, verdict.reason, elapsed());
  const target = verdict.url;
  const pinned = verdict.addresses[0];
  const transport = target.protocol === "https:" ? https : http;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    Math.max(0, limits.timeoutMs - elapsed()),
  );
  const onOuterAbort = () => controller.abort();
  init.signal?.addEventListener("abort", onOuterAbort, { once: true });
  if (init.signal?.aborted) controller.abort();

  try {
    return await new Promise<SafeResponse>((resolve, reject) => {
      const fail = (error: unknown) => {
        if (timedOut) reject(timeout());
        else if (controller.signal.aborted) reject(new SafeFetchError("aborted", "The request was aborted.", elapsed()));
        else reject(new SafeFetchError("network", `The request failed: ${(error as Error).message}`, elapsed()));
      };
      const request = transport.request(
        {
          ...requestTarget(target),
          method: init.method ?? "GET",
          headers: init.headers,
          lookup: pinnedLookup(pinned),
          signal: controller.signal,
          // One request per connection: a pooled socket could outlive the address it was vetted for.
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          let truncated = false;
          const finish = () => {
            const body = Buffer.concat(chunks, size);
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(response.headers)) {
              if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
            }
            resolve({
              status: response.statusCode ?? 0,
              headers,
              body,
              truncated,
              preview: body.subarray(0, PREVIEW_BYTES).toString("utf8"),
              address: pinned.address,
              durationMs: elapsed(),
            });
          };
          response.on("data", (chunk: Buffer) => {
            if (truncated) return;
            const room = limits.maxBodyBytes - size;
            if (chunk.length > room) {
              chunks.push(chunk.subarray(0, room));
              size += room;
              truncated = true;
              response.destroy();
              finish();
              return;
            }
            chunks.push(chunk);
            size += chunk.length;
          });
          response.on("end", () => {
            if (!truncated) finish();
          });
          response.on("error", (error) => {
            if (!truncated) fail(error);
          });
          response.on("aborted", () => {
            if (!truncated) fail(new Error("the connection closed mid-answer"));
          });
        },
      );
      request.on("error", fail);
      request.end(init.body);
    });
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener("abort", onOuterAbort);
  }
}
