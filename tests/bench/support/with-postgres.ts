import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { migrate } from "@/lib/db/migrate";
import { withDatabaseName } from "@/tooling/db/database-url";
import { createDatabaseIfMissing, startEmbeddedPostgres, testDataRoot } from "@/tooling/db/embedded-postgres";

/** A migrated database for a benchmark: `DATABASE_URL`'s when given, else a throwaway embedded PostgreSQL. */
export async function withPostgres<T>(work: (databaseUrl: string) => Promise<T>): Promise<T> {
  const fromEnvironment = process.env.DATABASE_URL;
  if (fromEnvironment) {
    await migrate(fromEnvironment);
    return work(fromEnvironment);
  }
  // Under the test clusters' root, named <pid>-..., so a killed run's cluster is removed by the next test run.
  const dataDir = path.join(testDataRoot, `${process.pid}-bench-${randomBytes(3).toString("hex")}`);
  const server = await startEmbeddedPostgres({ dataDir });
  try {
    await createDatabaseIfMissing(server.adminUrl, "bench");
    const url = withDatabaseName(server.adminUrl, "bench");
    await migrate(url);
    return await work(url);
  } finally {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
