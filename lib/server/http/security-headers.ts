import type { NextResponse } from "next/server";
import { serverEnv } from "@/lib/server/env";

/**
 * The page CSP. Scripts run only with this request's nonce (Next puts it on its own scripts, the
 * layout hands it to next-themes); 'strict-dynamic' lets those scripts load the lazy chunks. Styles
 * allow 'unsafe-inline': React style attributes, sonner and streamdown's highlighter write inline
 * styles, and a style cannot run code. Development adds what React's dev tooling and HMR need.
 */
export function pageContentSecurityPolicy(nonce: string, development = process.env.NODE_ENV === "development"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** API JSON carries the caller's data: never stored by a browser or a shared cache. */
export const NO_STORE = "no-store";

// API answers are data: nothing in them may load or frame anything. `sandbox`: an attached file opened
// on its own (GET …/attachments/{id}) runs nothing in our origin; the proxy's header replaces a route's.
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const newNonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");

/**
 * HSTS only when the app says it is served over https (APP_URL): sent over plain http, or from a
 * development server on localhost, it would pin every port of that host to https for a year.
 */
function strictTransportSecurity(response: NextResponse) {
  if (serverEnv().APP_URL?.startsWith("https://")) response.headers.set("strict-transport-security", "max-age=31536000; includeSubDomains");
}

export function withPageHeaders(response: NextResponse, contentSecurityPolicy: string): NextResponse {
  response.headers.set("content-security-policy", contentSecurityPolicy);
  strictTransportSecurity(response);
  return response;
}

/**
 * API answers load nothing. The middleware's own answers (401, refusals) are never stored; a
 * route's answer gets its Cache-Control from `route()`: a header set here would override the
 * route's own, and the SSE streams need theirs (no-transform keeps compression from buffering them).
 */
export function withApiHeaders(response: NextResponse, { ownAnswer }: { ownAnswer: boolean }): NextResponse {
  response.headers.set("content-security-policy", API_CONTENT_SECURITY_POLICY);
  if (ownAnswer) response.headers.set("cache-control", NO_STORE);
  strictTransportSecurity(response);
  return response;
}
