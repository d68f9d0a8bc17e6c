// npm run db:migration:new <name>: writes prisma/migrations/<timestamp>_<name>/migration.sql with the
// SQL that takes the existing migrations to schema.prisma (Prisma 6 `migrate diff`, offline).
import fs from "node:fs/promises";
import path from "node:path";
import { ensureServer } from "@/tooling/db/embedded-postgres";
import { MIGRATION_LOCK, migrationsDir } from "@/lib/db/migrate";
import { diffMigrationsToSchema } from "@/tooling/db/prisma6-cli";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("Usage: npm run db:migration:new <name>   (lowercase letters, digits and _, e.g. add_agents)");
  process.exit(1);
}

await fs.mkdir(migrationsDir, { recursive: true });
const lockFile = path.join(migrationsDir, "migration_lock.toml");
await fs.writeFile(lockFile, MIGRATION_LOCK, { flag: "wx" }).catch((error: NodeJS.ErrnoException) => {
  if (error.code !== "EEXIST") throw error;
});

const server = await ensureServer();
try {
  const diff = await diffMigrationsToSchema({ serverUrl: server.adminUrl });
  if (diff.empty) {
    console.log("No changes: prisma/migrations already produce schema.prisma. No migration written.");
  } else {
    const folder = path.join(migrationsDir, `${timestamp(new Date())}_${name}`);
    await fs.mkdir(folder);
    await fs.writeFile(path.join(folder, "migration.sql"), diff.script);
    console.log(`Wrote ${path.relative(process.cwd(), folder)}/migration.sql:\n\n${diff.script}`);
    console.log("Review it, then apply it with `npm run db:migrate` (or restart `npm run dev`).");
  }
} finally {
  await server.stop();
}

/** Prisma's folder prefix: UTC YYYYMMDDHHMMSS. */
function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}
