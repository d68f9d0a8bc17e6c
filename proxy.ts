import NextAuth from "next-auth";
import { NextRequest, NextResponse, type NextFetchEvent } from "next/server";
import { authConfig } from "@/lib/server/auth/auth-config";
import { sessionUserIdFromCookies } from "@/lib/server/auth/session-token";
import { crossOriginRefusal } from "@/lib/server/http/same-origin";
import { newNonce, pageContentSecurityPolicy, withPageHeaders } from "@/lib/server/http/security-headers";

const { auth } = NextAuth(authConfig);

// Pages reachable without a session: an invite's accept page and a share link's page (which checks
// its audience itself, docs/sharing.md) are their own authority. /api never comes here (see `config`).
const PUBLIC_PAGES = new Set(["/", "/sign-in", "/sign-up", "/docs/api"]);
const PUBLIC_PREFIXES = ["/invite/", "/share/"];

function isPublicPath(pathname: string): boolean {
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

/** Next reads the nonce for its own scripts from the request's CSP header; the layout reads x-nonce. */
function pageRequest(request: NextRequest, nonce: string, contentSecurityPolicy: string): NextRequest {
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", contentSecurityPolicy);
  return new NextRequest(request, { headers });
}

export default async function proxy(request: NextRequest, event: NextFetchEvent) {
  const { pathname } = request.nextUrl;
  const refusal = crossOriginRefusal(request, pathname);
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
// measurably less per request than the edge sandbox (docs/benchmarks.md). It gates pages only: an
// API route authenticates in its route builder and `route()` applies the CSRF rule and the API's
// headers, so /api pays no proxy (about 1.2 ms of CPU per request, docs/benchmarks.md).
export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|.*\\.(?:png|svg|ico|jpg|webp|txt)$).*)"],
};
