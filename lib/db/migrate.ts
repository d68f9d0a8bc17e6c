// Applies prisma/migrations the way `prisma migrate deploy` does, without Prisma's native schema
// engine (which cannot be downloaded here): same order, same `_prisma_migrations` ledger, same
// advisory lock, so the real CLI on another machine sees every migration as applied.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { MIGRATION_LOCK, migrationsDir } from "@/lib/db/migrations/prisma6-cli";

// The key Prisma Migrate locks (prisma-engines, sql-schema-connector/src/flavour/postgres.rs):
// our migrator and a real `prisma migrate deploy` never run at the same time either.
const PRISMA_MIGRATE_LOCK_KEY = 72707369;

// Prisma's own DDL for the ledger on PostgreSQL, column for column.
const CREATE_LEDGER = `CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
);`;

export interface MigrationFile {
  name: string;
  script: string;
  checksum: string;
}

export interface LedgerRow {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** Prisma's checksum: SHA-256 of the migration.sql bytes, lowercase hex. */
export function migrationChecksum(script: string | Buffer): string {
  return createHash("sha256").update(script).digest("hex");
}

/** Like Prisma, a checksum still matches when git changed the file's line endings. */
function matchesChecksum(script: string, checksum: string): boolean {
  const variants = [script, script.replaceAll("\r\n", "\n"), script.replaceAll(/\r?\n/g, "\r\n")];
  return variants.some((variant) => migrationChecksum(variant) === checksum);
}

/** The migration folders in the order Prisma applies them (by name, which starts with a timestamp). */
export async function readMigrations(directory = migrationsDir): Promise<MigrationFile[]> {
  const lock = await fs.readFile(path.join(directory, "migration_lock.toml"), "utf8").catch(() => undefined);
  if (lock !== undefined && !/provider\s*=\s*"postgresql"/.test(lock)) {
    throw new MigrationError(`${directory}/migration_lock.toml is not for PostgreSQL; expected:\n${MIGRATION_LOCK}`);
  }
  const entries = await fs.readdir(directory, { withFileTypes: true });
  const names = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const bytes = await fs.readFile(path.join(directory, name, "migration.sql"));
      return { name, script: bytes.toString("utf8"), checksum: migrationChecksum(bytes) };
    }),
  );
}

export interface MigrateResult {
  /** Names of the migrations this call applied, in order. */
  applied: string[];
}

/**
 * Applies every migration of `directory` that the database has not recorded as applied, each in
 * its own transaction together with its ledger row. Refuses to run when the ledger records a
 * failed migration or an applied migration whose file has changed since.
 */
export async function migrate(
  databaseUrl: string,
  options: { directory?: string; log?: (line: string) => void } = {},
): Promise<MigrateResult> {
  const log = options.log ?? (() => {});
  const migrations = await readMigrations(options.directory);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Session-level lock: several processes (dev server, test workers, deploys) may start at once.
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK_KEY]);
    await client.query(CREATE_LEDGER);
    const { rows } = await client.query<LedgerRow>("SELECT * FROM _prisma_migrations ORDER BY started_at");
    const pending = pendingMigrations(migrations, rows, log);

    const applied: string[] = [];
    for (const migration of pending) {
      log(`Applying migration ${migration.name}`);
      await applyMigration(client, migration);
      applied.push(migration.name);
    }
    return { applied };
  } finally {
    await client.end(); // ending the session releases the advisory lock
  }
}

function pendingMigrations(migrations: MigrationFile[], ledger: LedgerRow[], log: (line: string) => void): MigrationFile[] {
  const failed = ledger.filter((row) => row.finished_at === null && row.rolled_back_at === null);
  if (failed.length > 0) {
    const details = failed.map((row) => `- ${row.migration_name}, started at ${row.started_at.toISOString()}${row.logs ? `:\n  ${row.logs.trim()}` : ""}`);
    throw new MigrationError(
      `The database records failed migrations:\n${details.join("\n")}\n` +
        "Repair the database by hand, then mark each one rolled back " +
        `(UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = '...') to apply it again, ` +
        "or finished (SET finished_at = now()) if its changes are in place.",
    );
  }

  const applied = new Map(ledger.filter((row) => row.rolled_back_at === null).map((row) => [row.migration_name, row]));
  const changed = migrations.filter((migration) => {
    const row = applied.get(migration.name);
    return row !== undefined && !matchesChecksum(migration.script, row.checksum);
  });
  if (changed.length > 0) {
    throw new MigrationError(
      `These migrations were changed after they were applied: ${changed.map((m) => m.name).join(", ")}.\n` +
        "A migration is never edited once applied anywhere: restore the file (git checkout) and put the change in a new migration (npm run db:migration:new <name>).",
    );
  }

  const known = new Set(migrations.map((migration) => migration.name));
  const unknown = [...applied.keys()].filter((name) => !known.has(name));
  if (unknown.length > 0) log(`The database has migrations this checkout does not know (a newer branch?): ${unknown.join(", ")}`);

  return migrations.filter((migration) => !applied.has(migration.name));
}

async function applyMigration(client: pg.Client, migration: MigrationFile): Promise<void> {
  const id = randomUUID();
  try {
    // The ledger row commits with the migration or not at all, so a crash leaves nothing half-done.
    await client.query("BEGIN");
    await client.query("INSERT INTO _prisma_migrations (id, checksum, migration_name) VALUES ($1, $2, $3)", [
      id,
      migration.checksum,
      migration.name,
    ]);
    await client.query(migration.script);
    // Prisma counts a migration script as one step.
    await client.query("UPDATE _prisma_migrations SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1", [id]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    const message = error instanceof Error ? error.message : String(error);
    // Recorded as failed and already rolled back (the transaction undid it): a fixed file can be applied next time.
    await client.query(
      "INSERT INTO _prisma_migrations (id, checksum, migration_name, logs, rolled_back_at) VALUES ($1, $2, $3, $4, now())",
      [id, migration.checksum, migration.name, message],
    );
    throw new MigrationError(`Migration ${migration.name} failed and was rolled back: ${message}`, { cause: error });
  }
}
