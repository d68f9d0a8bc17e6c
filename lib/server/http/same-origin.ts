import { NextResponse } from "next/server";
import { serverEnv } from "@/lib/server/env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Auth.js checks its own CSRF token on its POSTs; /api/v1 authenticates with API keys, not cookies.
const EXEMPT_PREFIXES = ["/api/auth/", "/api/v1/"];

/**
 * The origin the app is served from: APP_URL when set (required behind a proxy that rewrites Host),
 * else the request's Host with the scheme the proxy reports. The Host header is safe to trust here:
 * a victim's browser always sends the real one, and an attacker sending their own Host is not
 * riding anyone's cookies.
 */
export function appOrigin(request: Request): string {
  const { APP_URL } = serverEnv();
  if (APP_URL) return new URL(APP_URL).origin;
  const url = new URL(request.url);
  const host = request.headers.get("host") ?? url.host;
  const proto = request.headers.get("x-forwarded-proto")?.split(",", 1)[0].trim() || url.protocol.replace(/:$/, "");
  return `${proto}://${host}`;
}

/**
 * Refuses a state-changing, cookie-carrying request that a browser did not send from the app's own
 * origin (CSRF, also from a sibling subdomain, which SameSite=Lax cookies do not stop). Browsers send
 * Origin on every such request; Sec-Fetch-Site is the fallback. A request with neither is refused too.
 */
export function crossOriginRefusal(request: Request, pathname: string): NextResponse | null {
  if (SAFE_METHODS.has(request.method) || !request.headers.get("cookie")) return null;
  if (EXEMPT_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return null;
  const origin = request.headers.get("origin");
  const sameOrigin = origin ? origin === appOrigin(request) : request.headers.get("sec-fetch-site") === "same-origin";
  if (sameOrigin) return null;
  return NextResponse.json(
    {
      error: {
        code: "cross_origin_request",
        message:
          "This request did not come from a Handoff page, so it was refused. Use the app itself, or the API at /api/v1 with an API key.",
        details: { origin },
      },
    },
    { status: 403 },
  );
}
