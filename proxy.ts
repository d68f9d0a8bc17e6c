import NextAuth from "next-auth";
import { NextRequest, NextResponse, type NextFetchEvent } from "next/server";
import { authConfig } from "@/lib/server/auth/auth-config";
import { sessionUserIdFromCookies, unverifiedSessionUserId } from "@/lib/server/auth/session-token";
import { crossOriginRefusal } from "@/lib/server/http/same-origin";
import { unroutableRefusal } from "@/lib/server/http/unroutable";
import { newNonce, pageContentSecurityPolicy, withApiHeaders, withPageHeaders } from "@/lib/server/http/security-headers";

const { auth } = NextAuth(authConfig);

// Reachable without a session. /api/v1 authenticates with API keys in its own handlers, /api/inbound/ senders by
// their endpoint's secret; an inbox capability link (/api/inbox/links/<token>) is its own authority, checked by its route;
// so is a share link (/share/<token> and /api/shares/<token>), which checks its audience itself (docs/sharing.md).
const PUBLIC_PAGES = new Set(["/", "/sign-in", "/sign-up", "/docs/api"]);
const PUBLIC_PREFIXES = [
  "/invite/",
  "/api/auth/",
  "/api/v1/",
  "/api/inbound/",
  "/api/inbox/links/",
  // Stripe's webhook: authenticated by its signature over the raw body, not by a session.
  "/api/webhooks/stripe",
  "/api/signup",
  "/api/health",
  "/share/",
  "/api/shares/",
];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PAGES.has(pathname) || PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

// Pages go through Auth.js, which also re-issues the session cookie (a rolling 30-day session);
// the session must also still be current (not signed out or ended elsewhere; session-token.ts).
// The request's headers carry the CSP nonce on to the page (see pageRequest).
const gatePage = auth(async (request) => {
  if (request.auth?.user && (await sessionUserIdFromCookies(request.headers.get("cookie"))))
    return NextResponse.next({ request: { headers: request.headers } });
  const { pathname, search } = request.nextUrl;
  const signIn = new URL("/sign-in", request.nextUrl.origin);
  signIn.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(signIn);
});

// API requests only need a session cookie here: it is decrypted, not re-issued, and not checked
// against the database, which every API route does itself (one session read per request, not two).
async function signedOutRefusal(request: NextRequest, pathname: string): Promise<NextResponse | null> {
  if (isPublicPath(pathname) || (await unverifiedSessionUserId(request.headers.get("cookie")))) return null;
  return NextResponse.json({ error: { code: "unauthorized", message: "You are signed out. Sign in and try again." } }, { status: 401 });
}

/** Next reads the nonce for its own scripts from the request's CSP header; the layout reads x-nonce. */
function pageRequest(request: NextRequest, nonce: string, contentSecurityPolicy: string): NextRequest {
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", contentSecurityPolicy);
  return new NextRequest(request, { headers });
}

export default async function proxy(request: NextRequest, event: NextFetchEvent) {
  const { pathname } = request.nextUrl;
  const refusal = unroutableRefusal(request, pathname) ?? crossOriginRefusal(request, pathname);
  if (pathname.startsWith("/api/")) {
    const own = refusal ?? (await signedOutRefusal(request, pathname));
    return withApiHeaders(own ?? NextResponse.next(), { ownAnswer: own !== null });
  }
  const nonce = newNonce();
  const contentSecurityPolicy = pageContentSecurityPolicy(nonce);
  if (refusal) return withPageHeaders(refusal, contentSecurityPolicy);
  const forPage = pageRequest(request, nonce, contentSecurityPolicy);
  if (isPublicPath(pathname)) return withPageHeaders(NextResponse.next({ request: { headers: forPage.headers } }), contentSecurityPolicy);
  // Auth.js types its wrapper as a route handler; in the proxy it is called with the fetch event.
  const response = await gatePage(forPage, event as unknown as Parameters<typeof gatePage>[1]);
  return withPageHeaders(response as NextResponse, contentSecurityPolicy);
}

// Next 16's proxy always runs on Node.js (it refuses a `runtime` option), which is what we want:
// measurably less per request than the edge sandbox (docs/benchmarks.md).
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|.*\\.(?:png|svg|ico|jpg|webp|txt)$).*)"],
};
