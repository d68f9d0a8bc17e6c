// Once per `vitest run --project outage`: a PostgreSQL of its own, which these tests restart and
// crash (tooling/db/pg-ctl.ts), so no other suite's server is disturbed; and the migrated template
// every file copies (tests/integration/per-file-database.ts).
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrate } from "@/lib/db/migrate";
import { quoteIdentifier, withDatabaseName } from "@/tooling/db/database-url";
import { startEmbeddedPostgres, testDataRoot } from "@/tooling/db/embedded-postgres";
import { stopPostgres } from "@/tooling/db/pg-ctl";
import { TEMPLATE_DATABASE, runAdmin } from "@/tests/integration/support/admin";

declare module "vitest" {
  export interface ProvidedContext {
    /** The data directory of the server the outage tests restart (pg_ctl -D). */
    postgresDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Always an embedded server of its own, also when DATABASE_URL names one: these tests stop it.
  const dataDir = path.join(testDataRoot, `${process.pid}-outage-${randomBytes(4).toString("hex")}`);
  const server = await startEmbeddedPostgres({ dataDir, throwaway: true, crashSafe: true });
  try {
    await runAdmin(server.adminUrl, `CREATE DATABASE ${quoteIdentifier(TEMPLATE_DATABASE)}`);
    await migrate(withDatabaseName(server.adminUrl, TEMPLATE_DATABASE));
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide("postgresAdminUrl", server.adminUrl);
  project.provide("postgresDataDir", dataDir);
  return async () => {
    // After a restart the server is pg_ctl's child, not the one startEmbeddedPostgres spawned.
    await stopPostgres(dataDir, "immediate").catch(() => {});
    await server.stop();
  };
}
