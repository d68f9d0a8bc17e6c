// The PostgreSQL server of one integration test run: DATABASE_URL's server when set, otherwise a
// throwaway embedded cluster under .data/test-postgres/<pid>-<random>, deleted when the run ends.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { startEmbeddedPostgres, testDataRoot, type PostgresServer } from "@/tooling/db/embedded-postgres";

export async function startTestPostgres(): Promise<PostgresServer> {
  const fromEnvironment = process.env.DATABASE_URL;
  if (fromEnvironment) return { adminUrl: fromEnvironment, stop: async () => {} };
  await removeAbandonedClusters();
  const dataDir = path.join(testDataRoot, `${process.pid}-${randomBytes(4).toString("hex")}`);
  return startEmbeddedPostgres({ dataDir, throwaway: true });
}

/** Clusters of test runs that were killed: their directories would pile up, their servers run on. */
async function removeAbandonedClusters(): Promise<void> {
  const entries = await fs.readdir(testDataRoot).catch(() => [] as string[]);
  for (const entry of entries) {
    const ownerPid = Number(entry.split("-")[0]);
    if (!Number.isInteger(ownerPid) || isAlive(ownerPid)) continue;
    const dataDir = path.join(testDataRoot, entry);
    const postmasterPid = Number((await fs.readFile(path.join(dataDir, "postmaster.pid"), "utf8").catch(() => "")).split("\n")[0]);
    if (postmasterPid > 0 && isAlive(postmasterPid)) process.kill(postmasterPid, "SIGQUIT"); // immediate shutdown: the data is garbage
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
