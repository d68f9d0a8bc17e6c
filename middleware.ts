import NextAuth from "next-auth";
import { NextResponse } from "next/server";
import { authConfig } from "@/lib/server/auth/auth-config";

const { auth } = NextAuth(authConfig);

// Reachable without a session. /api/v1 authenticates with API keys in its own handlers.
const PUBLIC_PAGES = new Set(["/", "/sign-in", "/sign-up"]);
const PUBLIC_PREFIXES = ["/invite/", "/api/auth/", "/api/v1/", "/api/signup", "/api/health"];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PAGES.has(pathname) || PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

export default auth((request) => {
  const { pathname, search } = request.nextUrl;
  if (request.auth?.user || isPublicPath(pathname)) return NextResponse.next();
  if (pathname.startsWith("/api/")) {
    return NextResponse.json({ error: { code: "unauthorized", message: "You are signed out. Sign in and try again." } }, { status: 401 });
  }
  const signIn = new URL("/sign-in", request.nextUrl.origin);
  signIn.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(signIn);
});

export const config = {
  runtime: "nodejs",
  matcher: ["/((?!_next/static|_next/image|favicon.ico|.*\\.(?:png|svg|ico|jpg|webp|txt)$).*)"],
};
