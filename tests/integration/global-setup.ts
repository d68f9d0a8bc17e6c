// Once per `vitest run --project integration`: one PostgreSQL server and one migrated template
// database, which every test file copies (CREATE DATABASE ... TEMPLATE is far faster than migrating).
import type { TestProject } from "vitest/node";
import { quoteIdentifier, withDatabaseName } from "@/tooling/db/database-url";
import { migrate } from "@/lib/db/migrate";
import { TEMPLATE_DATABASE, runAdmin } from "@/tests/integration/support/admin";
import { startTestPostgres } from "@/tests/integration/support/test-postgres";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startTestPostgres();
  try {
    const template = quoteIdentifier(TEMPLATE_DATABASE);
    await runAdmin(server.adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await runAdmin(server.adminUrl, `CREATE DATABASE ${template}`);
    await migrate(withDatabaseName(server.adminUrl, TEMPLATE_DATABASE));
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide("postgresAdminUrl", server.adminUrl);
  return async () => {
    if (process.env.DATABASE_URL)
      await runAdmin(server.adminUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(TEMPLATE_DATABASE)} WITH (FORCE)`);
    await server.stop();
  };
}
