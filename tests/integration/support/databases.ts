// Databases for integration tests. Every test file gets its own copy of the migrated template
// (tests/integration/per-file-database.ts); tests that need more create scratch databases here.
import { randomBytes } from "node:crypto";
import { Pool } from "pg";
import { inject } from "vitest";
import { getPrisma, type PrismaClient } from "@/lib/db/client";
import { quoteIdentifier, withDatabaseName } from "@/tooling/db/database-url";
import { TEMPLATE_DATABASE, runAdmin } from "@/tests/integration/support/admin";

export { query } from "@/tests/integration/support/admin";

declare module "vitest" {
  export interface ProvidedContext {
    /** A URL on the test server for a user that may create and drop databases. */
    postgresAdminUrl: string;
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** The URL of this test file's own database (migrated, empty of rows at the start of the file). */
export function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("No test database: is tests/integration/per-file-database.ts in the project's setupFiles?");
  return url;
}

/** The app's shared Prisma client, which points at this test file's database. */
export function getTestPrisma(): PrismaClient {
  testDatabaseUrl();
  return getPrisma();
}

/** A new database on the test server: a copy of the migrated template, or `empty`. */
export async function createScratchDatabase(options: { empty?: boolean; adminUrl?: string } = {}): Promise<ScratchDatabase> {
  const adminUrl = options.adminUrl ?? inject("postgresAdminUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  await runAdmin(
    adminUrl,
    `CREATE DATABASE ${quoteIdentifier(name)}${options.empty ? "" : ` TEMPLATE ${quoteIdentifier(TEMPLATE_DATABASE)}`}`,
  );
  return {
    name,
    url: withDatabaseName(adminUrl, name),
    // FORCE: a pool the test forgot to close must not keep the database alive.
    drop: () => runAdmin(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`),
  };
}

/**
 * A raw pg pool on this file's database. Its "error" listener matters: the file's database is dropped
 * WITH (FORCE) at the end, and an idle client's termination unheard is an uncaught error
 * (docs/failures.md, "A pg Pool without an error listener").
 */
export function testPgPool(max: number): Pool {
  const pool = new Pool({ connectionString: testDatabaseUrl(), max });
  pool.on("error", () => {});
  return pool;
}
