import NextAuth from "next-auth";
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { authConfig } from "@/lib/server/auth/auth-config";
import { sessionUserIdFromCookies } from "@/lib/server/auth/session-token";

const { auth } = NextAuth(authConfig);

// Reachable without a session. /api/v1 authenticates with API keys in its own handlers.
const PUBLIC_PAGES = new Set(["/", "/sign-in", "/sign-up"]);
const PUBLIC_PREFIXES = ["/invite/", "/api/auth/", "/api/v1/", "/api/signup", "/api/health"];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PAGES.has(pathname) || PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

// Pages go through Auth.js, which also re-issues the session cookie (a rolling 30-day session);
// the session must also still be current (not signed out or ended elsewhere; session-token.ts).
const gatePage = auth(async (request) => {
  if (request.auth?.user && (await sessionUserIdFromCookies(request.headers.get("cookie")))) return NextResponse.next();
  const { pathname, search } = request.nextUrl;
  const signIn = new URL("/sign-in", request.nextUrl.origin);
  signIn.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(signIn);
});

export default async function middleware(request: NextRequest, event: NextFetchEvent) {
  const { pathname } = request.nextUrl;
  if (isPublicPath(pathname)) return NextResponse.next();
  // API requests only need to know the session is valid: the cookie is decrypted, not re-issued.
  if (pathname.startsWith("/api/")) {
    if (await sessionUserIdFromCookies(request.headers.get("cookie"))) return NextResponse.next();
    return NextResponse.json({ error: { code: "unauthorized", message: "You are signed out. Sign in and try again." } }, { status: 401 });
  }
  // Auth.js types its wrapper as a route handler; in middleware it is called with the fetch event.
  return gatePage(request, event as unknown as Parameters<typeof gatePage>[1]);
}

export const config = {
  // Node.js, not the edge sandbox: measurably less per request (docs/benchmarks.md).
  runtime: "nodejs",
  matcher: ["/((?!_next/static|_next/image|favicon.ico|.*\\.(?:png|svg|ico|jpg|webp|txt)$).*)"],
};
