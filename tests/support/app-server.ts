import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync } from "node:fs";
import path from "node:path";
import { findFreePort, repoRoot } from "@/tooling/db/embedded-postgres";

export interface AppServer {
  baseURL: string;
  port: number;
  /** Kills the process (SIGKILL: like a crashed server) and starts a new one on the same port. */
  restart(options?: { hard?: boolean }): Promise<void>;
  stop(): Promise<void>;
  /** Everything the server printed, for diagnosing a failed test. */
  output(): string;
}

/** The suite's AUTH_SECRET; the webhook worker needs the same one to open the endpoints' sealed secrets. */
export const TEST_AUTH_SECRET = process.env.AUTH_SECRET ?? "test-secret-for-the-e2e-suite-only-0123456789";

const NEXT_BIN = path.join(repoRoot, "node_modules", "next", "dist", "bin", "next");

/**
 * Runs the production build (`next start`) against `databaseUrl`. Requires `next build` to have run.
 * `logFile`: everything the server prints is also appended there, so a test in another process can read it.
 */
export async function startAppServer(options: { databaseUrl: string; env?: Record<string, string>; logFile?: string }): Promise<AppServer> {
  const port = await findFreePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let log = "";
  let child: ChildProcess | undefined;

  const launch = async () => {
    child = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: options.databaseUrl,
        AUTH_SECRET: TEST_AUTH_SECRET,
        AUTH_TRUST_HOST: "true",
        APP_URL: baseURL,
        // Deterministic, fast runs: the demo model streams without pauses; fake providers run on 127.0.0.1;
        // short leases and heartbeats so dead-server and heartbeat tests take seconds.
        DEMO_MODEL_WORD_DELAY_MS: "0",
        ALLOW_PRIVATE_MODEL_URLS: "1",
        // Webhook endpoints of the tests point at receivers on 127.0.0.1.
        OUTBOUND_ALLOW_PRIVATE: "1",
        RUN_LEASE_MS: "3000",
        SSE_HEARTBEAT_MS: "2000",
        BACKGROUND_JOBS_INTERVAL_MS: "500",
        MESSAGE_RATE_LIMIT_PER_MINUTE: "40",
        // The test clients act as the one proxy in front: each sends its own X-Forwarded-For, so
        // throttling of one test does not spill into another (tests of the default, 0, override it).
        TRUSTED_PROXY_HOPS: "1",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => {
      log += chunk;
      if (options.logFile) appendFileSync(options.logFile, chunk);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    await waitForHealth(
      baseURL,
      () => child?.exitCode != null,
      () => log,
    );
  };

  const kill = async (signal: NodeJS.Signals) => {
    const running = child;
    if (!running || running.exitCode != null) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill(signal);
    });
  };

  await launch();
  return {
    baseURL,
    port,
    async restart({ hard = true } = {}) {
      await kill(hard ? "SIGKILL" : "SIGTERM");
      await launch();
    },
    stop: () => kill("SIGTERM"),
    output: () => log,
  };
}

async function waitForHealth(baseURL: string, exited: () => boolean, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`next start exited before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`next start did not answer /api/health within 60 s:\n${output()}`);
}
