// npm run dev: a database (embedded unless DATABASE_URL is set), migrated and seeded, then `next dev`
// with the environment it needs, its first visit's routes compiled before it says "ready", and the
// webhook worker (scripts/worker.ts) beside it. A signal to this process stops Next and the worker
// first, then Postgres.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { disconnectPrisma, getPrisma } from "@/lib/db/client";
import { redactPassword } from "@/tooling/db/database-url";
import { beforeShutdown, ensureDatabase, repoRoot } from "@/tooling/db/embedded-postgres";
import { migrate } from "@/lib/db/migrate";
import { demoLogin, describeDemoLogin, seed } from "@/prisma/seed";
import { warmUpRoutes } from "@/tooling/dev/warm-up";

const port = process.env.PORT ?? "3000";

const database = await ensureDatabase();
try {
  process.env.DATABASE_URL = database.url;
  await migrate(database.url, { log: (line) => console.log(line) });
  await seed(getPrisma());
  await disconnectPrisma();
} catch (error) {
  await database.stop();
  throw error;
}

const env = {
  ...process.env,
  DATABASE_URL: database.url,
  AUTH_SECRET: process.env.AUTH_SECRET ?? (await devAuthSecret()),
  AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST ?? "true",
  NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1", // it could not be sent from here anyway
  PORT: port,
};

console.log(`Database: ${redactPassword(database.url)}${database.embedded ? " (embedded, data in .data/postgres)" : ""}`);
console.log(describeDemoLogin());
console.log(`Starting Next.js on http://localhost:${port}`);

const nextBin = path.join(repoRoot, "node_modules", "next", "dist", "bin", "next");
const next = spawn(process.execPath, [nextBin, "dev", "--port", port], { cwd: repoRoot, env, stdio: "inherit" });
const nextExited = new Promise<number>((resolve) => next.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));

const tsxCli = path.join(repoRoot, "node_modules", "tsx", "dist", "cli.mjs");
const worker = spawn(process.execPath, [tsxCli, "--conditions=react-server", "scripts/worker.ts"], {
  cwd: repoRoot,
  env,
  stdio: "inherit",
});
const workerExited = new Promise<void>((resolve) => worker.on("exit", () => resolve()));

const nextGone = new AbortController();
void nextExited.then(() => nextGone.abort());

beforeShutdown(async (signal) => {
  next.kill(signal);
  worker.kill("SIGTERM");
  await Promise.all([nextExited, workerExited]);
});

console.log("Compiling the routes of a first visit (the first run of a clone takes longest)…");
const warmUp = await warmUpRoutes({
  baseURL: `http://127.0.0.1:${port}`,
  login: demoLogin,
  signal: nextGone.signal,
  progress: (done, total, pathname) => console.log(`  [${done}/${total}] ${pathname}`),
}).catch((error: unknown) => ({ failed: [error instanceof Error ? error.message : String(error)] }));
if (!nextGone.signal.aborted) {
  if (warmUp.failed.length > 0) console.log(`Could not compile ahead: ${warmUp.failed.join(", ")}; they compile on first use.`);
  console.log(`Handoff is ready: http://localhost:${port} (or http://127.0.0.1:${port})`);
}

const code = await nextExited;
worker.kill("SIGTERM");
await workerExited;
await database.stop();
process.exit(code);

/** A stable secret for local sessions, kept in the git-ignored .data/ so sign-ins survive restarts. */
async function devAuthSecret(): Promise<string> {
  const file = path.join(repoRoot, ".data", "auth-secret");
  const existing = await fs.readFile(file, "utf8").catch(() => "");
  if (existing.trim()) return existing.trim();
  const secret = randomBytes(32).toString("base64url");
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
