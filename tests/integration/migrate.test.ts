// lib/db/migrate.ts must leave the `_prisma_migrations` ledger exactly as `prisma migrate deploy`
// would, so that the real Prisma CLI, wherever it runs, agrees about what is applied.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATION_LOCK, MigrationError, migrate, migrationsDir, readMigrations, type LedgerRow } from "@/lib/db/migrate";
import { createScratchDatabase, query, testDatabaseUrl, type ScratchDatabase } from "@/tests/integration/support/databases";

const ledger = (url: string) => query<LedgerRow>(url, "SELECT * FROM _prisma_migrations ORDER BY started_at, migration_name");

describe("migrate", () => {
  let fresh: ScratchDatabase;

  beforeAll(async () => {
    fresh = await createScratchDatabase({ empty: true });
  });

  afterAll(() => fresh.drop());

  it("applies every migration and records it as Prisma does", async () => {
    const folders = (await fs.readdir(migrationsDir, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders.length).toBeGreaterThan(0);

    const { applied } = await migrate(fresh.url);
    expect(applied).toEqual(folders);

    const rows = await ledger(fresh.url);
    expect(rows.map((row) => row.migration_name)).toEqual(folders);
    for (const row of rows) {
      const bytes = await fs.readFile(path.join(migrationsDir, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(bytes).digest("hex"));
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it("creates the ledger table with Prisma's own column definitions", async () => {
    const columns = await query(
      fresh.url,
      `SELECT column_name, data_type, character_maximum_length, is_nullable, column_default
       FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns).toEqual([
      { column_name: "id", data_type: "character varying", character_maximum_length: 36, is_nullable: "NO", column_default: null },
      { column_name: "checksum", data_type: "character varying", character_maximum_length: 64, is_nullable: "NO", column_default: null },
      {
        column_name: "finished_at",
        data_type: "timestamp with time zone",
        character_maximum_length: null,
        is_nullable: "YES",
        column_default: null,
      },
      {
        column_name: "migration_name",
        data_type: "character varying",
        character_maximum_length: 255,
        is_nullable: "NO",
        column_default: null,
      },
      { column_name: "logs", data_type: "text", character_maximum_length: null, is_nullable: "YES", column_default: null },
      {
        column_name: "rolled_back_at",
        data_type: "timestamp with time zone",
        character_maximum_length: null,
        is_nullable: "YES",
        column_default: null,
      },
      {
        column_name: "started_at",
        data_type: "timestamp with time zone",
        character_maximum_length: null,
        is_nullable: "NO",
        column_default: "now()",
      },
      { column_name: "applied_steps_count", data_type: "integer", character_maximum_length: null, is_nullable: "NO", column_default: "0" },
    ]);
    const [primaryKey] = await query<{ columns: string }>(
      fresh.url,
      `SELECT string_agg(a.attname, ',') AS columns FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
       WHERE i.indrelid = '_prisma_migrations'::regclass AND i.indisprimary`,
    );
    expect(primaryKey.columns).toBe("id");
  });

  it("does nothing when run again", async () => {
    const before = await ledger(testDatabaseUrl());
    expect(await migrate(testDatabaseUrl())).toEqual({ applied: [] });
    expect(await ledger(testDatabaseUrl())).toEqual(before);
  });

  it("accepts a migration whose line endings git changed, as Prisma does", async () => {
    const database = await createScratchDatabase();
    try {
      const [row] = await ledger(database.url);
      const [migration] = await readMigrations();
      const crlf = createHash("sha256").update(migration.script.replaceAll("\n", "\r\n")).digest("hex");
      await query(database.url, "UPDATE _prisma_migrations SET checksum = $1 WHERE id = $2", [crlf, row.id]);
      expect(await migrate(database.url)).toEqual({ applied: [] });
    } finally {
      await database.drop();
    }
  });

  it("refuses to run when an applied migration's file was changed", async () => {
    const database = await createScratchDatabase();
    try {
      await query(database.url, "UPDATE _prisma_migrations SET checksum = repeat('0', 64)");
      await expect(migrate(database.url)).rejects.toThrow(/changed after they were applied/);
      await expect(migrate(database.url)).rejects.toBeInstanceOf(MigrationError);
    } finally {
      await database.drop();
    }
  });

  it("refuses to run when the ledger records a failed migration", async () => {
    const database = await createScratchDatabase();
    try {
      await query(database.url, "UPDATE _prisma_migrations SET finished_at = NULL, logs = 'boom'");
      await expect(migrate(database.url)).rejects.toThrow(/records failed migrations[\s\S]*boom/);
    } finally {
      await database.drop();
    }
  });

  describe("with a migration that fails", () => {
    let directory: string;
    let database: ScratchDatabase;

    beforeAll(async () => {
      directory = await fs.mkdtemp(path.join(os.tmpdir(), "handoff-migrations-"));
      await fs.writeFile(path.join(directory, "migration_lock.toml"), MIGRATION_LOCK);
      await fs.mkdir(path.join(directory, "20000101000000_first"));
      await fs.writeFile(path.join(directory, "20000101000000_first", "migration.sql"), `CREATE TABLE "first" ("id" INTEGER);`);
      await fs.mkdir(path.join(directory, "20000101000001_broken"));
      await fs.writeFile(
        path.join(directory, "20000101000001_broken", "migration.sql"),
        `CREATE TABLE "second" ("id" INTEGER);\nSELECT no_such_function();`,
      );
      database = await createScratchDatabase({ empty: true });
    });

    afterAll(async () => {
      await database.drop();
      await fs.rm(directory, { recursive: true, force: true });
    });

    it("rolls the failed migration back whole, records the attempt, and applies the fixed file next time", async () => {
      await expect(migrate(database.url, { directory })).rejects.toThrow(
        /20000101000001_broken failed and was rolled back: function no_such_function\(\) does not exist/,
      );

      const tables = await query<{ table_name: string }>(
        database.url,
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
      );
      expect(tables.map((t) => t.table_name)).toEqual(["_prisma_migrations", "first"]);
      const attempts = await ledger(database.url);
      expect(attempts.map((row) => [row.migration_name, row.finished_at === null, row.rolled_back_at !== null])).toEqual([
        ["20000101000000_first", false, false],
        ["20000101000001_broken", true, true],
      ]);
      expect(attempts[1].logs).toMatch(/no_such_function/);

      await fs.writeFile(path.join(directory, "20000101000001_broken", "migration.sql"), `CREATE TABLE "second" ("id" INTEGER);`);
      expect(await migrate(database.url, { directory })).toEqual({ applied: ["20000101000001_broken"] });
    });
  });

  it("applies each migration once when several processes migrate at the same time", async () => {
    const database = await createScratchDatabase({ empty: true });
    try {
      const results = await Promise.all([migrate(database.url), migrate(database.url), migrate(database.url)]);
      const all = results.flatMap((result) => result.applied);
      const migrations = await readMigrations();
      expect(all.sort()).toEqual(migrations.map((m) => m.name).sort());
      expect(await ledger(database.url)).toHaveLength(migrations.length);
    } finally {
      await database.drop();
    }
  });
});
