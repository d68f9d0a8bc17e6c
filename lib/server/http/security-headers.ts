import type { NextResponse } from "next/server";
import { serverEnv } from "@/lib/server/env";
import { API_CONTENT_SECURITY_POLICY } from "./static-headers";

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

export const newNonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");

/**
 * HSTS only when the app says it is served over https (APP_URL): sent over plain http, or from a
 * development server on localhost, it would pin every port of that host to https for a year.
 */
export function strictTransportSecurity(): string | null {
  return serverEnv().APP_URL?.startsWith("https://") ? "max-age=31536000; includeSubDomains" : null;
}

function setStrictTransportSecurity(headers: Headers) {
  const value = strictTransportSecurity();
  if (value) headers.set("strict-transport-security", value);
}

export function withPageHeaders(response: NextResponse, contentSecurityPolicy: string): NextResponse {
  response.headers.set("content-security-policy", contentSecurityPolicy);
  setStrictTransportSecurity(response.headers);
  return response;
}

/**
 * An API answer (`route()`) loads nothing, over a CSP the route set itself, and is never stored
 * unless it says otherwise: the SSE streams keep their own (no-transform keeps compression from
 * buffering them).
 */
export function withApiHeaders(response: Response): Response {
  response.headers.set("content-security-policy", API_CONTENT_SECURITY_POLICY);
  if (!response.headers.has("cache-control")) response.headers.set("cache-control", NO_STORE);
  setStrictTransportSecurity(response.headers);
  return response;
}
