import { defineConfig } from "prisma/config";

// The CLI is used only for `prisma generate` (see scripts/prisma-generate.ts and ARCHITECTURE.md);
// migrations are applied by lib/db/migrate.ts, which writes Prisma's own ledger.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/handoff" },
});
