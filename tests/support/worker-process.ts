import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { repoRoot } from "@/tooling/db/embedded-postgres";

/**
 * The webhook worker as its own process (`scripts/worker.ts`, as `npm run worker` runs it), for
 * the e2e suite: started by the global setup, killed and restarted by tests through a small control
 * server on 127.0.0.1 (tests run in other processes than the setup, so they get its URL, not the handle).
 */

declare module "vitest" {
  export interface ProvidedContext {
    webhookWorkerControlURL: string;
  }
}

export interface WorkerProcess {
  /** SIGKILL, like a crashed machine: no graceful stop. */
  kill(): Promise<void>;
  /** Starts it again after a kill (a no-op while it runs). */
  start(): Promise<void>;
  stop(): Promise<void>;
  output(): string;
}

export async function startWorkerProcess(options: { databaseUrl: string; env?: Record<string, string> }): Promise<WorkerProcess> {
  let child: ChildProcess | undefined;
  let log = "";
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  const launch = async () => {
    const from = log.length;
    // tsx as a loader in this one process, not its CLI: the CLI runs the script in a child, and a
    // SIGKILL to the CLI would leave that child delivering on (failures.md).
    const next = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/worker.ts"], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: "production", DATABASE_URL: options.databaseUrl, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = next;
    next.stdout?.on("data", (data) => (log += data));
    next.stderr?.on("data", (data) => (log += data));
    const deadline = Date.now() + 60_000;
    // Ready once it says so: pg-boss has its schema and the workers fetch.
    while (!log.slice(from).includes("webhook worker started")) {
      if (next.exitCode !== null) throw new Error(`The webhook worker exited before it was ready:\n${log}`);
      if (Date.now() > deadline) throw new Error(`The webhook worker did not start within 60 s:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const signal = async (name: NodeJS.Signals) => {
    const current = child;
    if (!current || !running()) return;
    await new Promise<void>((resolve) => {
      current.once("exit", () => resolve());
      current.kill(name);
    });
  };

  await launch();
  return {
    kill: () => signal("SIGKILL"),
    start: async () => {
      if (!running()) await launch();
    },
    stop: () => signal("SIGTERM"),
    output: () => log,
  };
}

/** The control server the global setup runs for tests: POST /kill, POST /start. */
export async function serveWorkerControl(worker: WorkerProcess): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const action = request.method === "POST" && (request.url === "/kill" ? worker.kill : request.url === "/start" ? worker.start : null);
    if (!action) {
      response.writeHead(404).end();
      return;
    }
    action().then(
      () => response.writeHead(204).end(),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** From a test: kill or start the suite's worker. */
export async function controlWorker(controlURL: string, action: "kill" | "start"): Promise<void> {
  const response = await fetch(`${controlURL}/${action}`, { method: "POST" });
  if (!response.ok) throw new Error(`The worker could not ${action}: ${await response.text()}`);
}
