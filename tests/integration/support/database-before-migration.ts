// For a migration's own test: rows stored as they were before it must still be right after it.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { migrate, migrationsDir } from "@/lib/db/migrate";
import { createScratchDatabase, type ScratchDatabase } from "./databases";

/**
 * An empty scratch database for this file (made and dropped by hooks it registers), and
 * `migrateToJustBefore()`, which applies every migration older than `migration` from a copy of the
 * folder without it and those after it. The test then stores its rows and runs the real `migrate`.
 */
export function databaseBeforeMigration(migration: string) {
  let database: ScratchDatabase | undefined;
  let directory = "";

  beforeAll(async () => {
    database = await createScratchDatabase({ empty: true });
    directory = await fs.mkdtemp(path.join(os.tmpdir(), "handoff-migrations-"));
    for (const entry of await fs.readdir(migrationsDir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name >= migration) continue;
      await fs.cp(path.join(migrationsDir, entry.name), path.join(directory, entry.name), { recursive: true });
    }
  });

  afterAll(async () => {
    await database?.drop();
    await fs.rm(directory, { recursive: true, force: true });
  });

  return {
    get url(): string {
      if (!database) throw new Error("The scratch database exists from beforeAll on.");
      return database.url;
    },
    migrateToJustBefore() {
      return migrate(this.url, { directory });
    },
  };
}
