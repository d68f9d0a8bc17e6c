import { spawn } from "node:child_process";
import path from "node:path";
import { findFreePort, repoRoot } from "@/tooling/db/embedded-postgres";

/**
 * Handoff as `npm start` runs it (scripts/start.ts): a cluster primary and `workers` Next.js
 * workers on one port. Started with node directly rather than through npm, so that `pid` is the
 * primary's and no npm process sits between the signal and the cluster.
 */
export interface ClusterServer {
  baseURL: string;
  port: number;
  /** The cluster primary; the workers are its children (procstat.ts withDescendants). */
  pid: number;
  stop(): Promise<void>;
  output(): string;
}

export async function startClusterServer(options: {
  databaseUrl: string;
  workers: number;
  env: Record<string, string>;
}): Promise<ClusterServer> {
  const port = await findFreePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, ["--import", "tsx", path.join(repoRoot, "scripts", "start.ts"), "-H", "127.0.0.1"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: options.databaseUrl,
      AUTH_TRUST_HOST: "true",
      APP_URL: baseURL,
      // Each bench account sends its own X-Forwarded-For (sign-up throttling is per address).
      TRUSTED_PROXY_HOPS: "1",
      ...options.env,
      PORT: String(port),
      WEB_CONCURRENCY: String(options.workers),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited before it was ready:\n${log}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not answer /api/health within 90 s:\n${log}`);
    }
    const status = await fetch(`${baseURL}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    // Ready when every worker listens: the primary prints nothing per worker, Next prints "Ready" once each.
    if (status === 200 && (log.match(/Ready in/g) ?? []).length >= options.workers) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseURL, port, pid: child.pid!, stop, output: () => log };
}
