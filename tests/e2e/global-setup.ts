import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { createDatabaseIfMissing, repoRoot, startEmbeddedPostgres, testDataRoot } from "@/tooling/db/embedded-postgres";
import { withDatabaseName } from "@/tooling/db/database-url";
import { migrate } from "@/lib/db/migrate";
import { startAppServer, TEST_AUTH_SECRET } from "../support/app-server";
import { serveWorkerControl, startWorkerProcess } from "../support/worker-process";

/**
 * One real PostgreSQL (embedded, or the server of DATABASE_URL) with a fresh database, migrated,
 * one production Next.js server and one webhook worker process on it, shared by the API and
 * browser tests (the worker's control URL lets a test kill and restart it).
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
  mkdirSync(testDataRoot, { recursive: true });
  const appLogFile = path.join(testDataRoot, `e2e-app-${process.pid}.log`);
  const app = await startAppServer({ databaseUrl, logFile: appLogFile });
  // The webhook worker beside it, with short retries; both may reach the tests' receivers on 127.0.0.1.
  const worker = await startWorkerProcess({
    databaseUrl,
    env: {
      AUTH_SECRET: TEST_AUTH_SECRET,
      WEBHOOK_RETRY_BASE_MS: "200",
      WEBHOOK_TIMEOUT_MS: "2000",
      OUTBOUND_ALLOW_PRIVATE: "1",
      WEBHOOK_DISPATCH_POLL_MS: "500",
    },
  });
  const control = await serveWorkerControl(worker);
  project.provide("appBaseURL", app.baseURL);
  project.provide("appDatabaseUrl", databaseUrl);
  project.provide("appLogFile", appLogFile);
  project.provide("webhookWorkerControlURL", control.url);
  return async () => {
    await control.close();
    await worker.stop();
    await app.stop();
    await server.stop();
    rmSync(appLogFile, { force: true });
  };
}
