import { existsSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { createDatabaseIfMissing, repoRoot, startEmbeddedPostgres, testDataRoot } from "@/tooling/db/embedded-postgres";
import { withDatabaseName } from "@/tooling/db/database-url";
import { migrate } from "@/lib/db/migrate";
import { startAppServer } from "../support/app-server";

/**
 * One real PostgreSQL (embedded, or the server of DATABASE_URL) with a fresh database, migrated,
 * and one production Next.js server on it, shared by the API and browser tests.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(repoRoot, ".next", "BUILD_ID"))) {
    throw new Error("No production build found. Run `npm run build` before `npm run test:e2e` (npm test does both).");
  }
  const databaseName = `e2e_${randomBytes(4).toString("hex")}`;
  const server = process.env.DATABASE_URL
    ? { adminUrl: process.env.DATABASE_URL, stop: async () => {} }
    : await startEmbeddedPostgres({ dataDir: path.join(testDataRoot, `e2e-${process.pid}`), throwaway: true });
  await createDatabaseIfMissing(server.adminUrl, databaseName);
  const databaseUrl = withDatabaseName(server.adminUrl, databaseName);
  await migrate(databaseUrl);
  const app = await startAppServer({ databaseUrl });
  project.provide("appBaseURL", app.baseURL);
  project.provide("appDatabaseUrl", databaseUrl);
  return async () => {
    await app.stop();
    await server.stop();
  };
}
