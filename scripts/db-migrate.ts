// npm run db:migrate: applies pending prisma/migrations to DATABASE_URL, or to the embedded
// development database when DATABASE_URL is not set.
import { redactPassword } from "@/tooling/db/database-url";
import { ensureDatabase } from "@/tooling/db/embedded-postgres";
import { migrate } from "@/lib/db/migrate";

const database = await ensureDatabase();
try {
  const { applied } = await migrate(database.url, { log: (line) => console.log(line) });
  console.log(
    applied.length > 0
      ? `Applied ${applied.length} migration(s) to ${redactPassword(database.url)}.`
      : `${redactPassword(database.url)} is up to date.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.stop();
}
