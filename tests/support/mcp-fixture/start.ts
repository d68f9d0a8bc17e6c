import { spawn } from "node:child_process";
import path from "node:path";

/**
 * Starts the test MCP server (./server.ts, documented there) in its own process on a free
 * loopback port and waits until it listens. `url` is its MCP endpoint, `control` its base for the
 * control endpoints.
 */

export interface McpFixture {
  url: string;
  control: string;
  /** POSTs to a control endpoint (`/control/expire`, `/control/tools`). */
  post(path: string, body: unknown): Promise<void>;
  calls(): Promise<{ tool: string; args: unknown; person: string | null }[]>;
  stop(): Promise<void>;
}

export interface McpFixtureOptions {
  /** token → person, for per-person bearer tokens. */
  tokens?: Record<string, string>;
  slowMs?: number;
}

const SERVER = path.join(import.meta.dirname, "server.ts");

export async function startMcpFixture(options: McpFixtureOptions = {}): Promise<McpFixture> {
  // tsx as a loader in this one process (not its CLI, which runs the script in a child a kill would miss).
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
    env: {
      ...process.env,
      PORT: "0",
      MCP_FIXTURE_TOKENS: Object.entries(options.tokens ?? {})
        .map(([token, person]) => `${token}:${person}`)
        .join(","),
      SLOW_MS: String(options.slowMs ?? 3000),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (data) => (log += data));
  child.stderr.on("data", (data) => (log += data));
  const deadline = Date.now() + 30_000;
  let port: string | undefined;
  while (!(port = /mcp-fixture listening on (\d+)/.exec(log)?.[1])) {
    if (child.exitCode !== null) throw new Error(`The MCP fixture exited before it listened:\n${log}`);
    if (Date.now() > deadline) throw new Error(`The MCP fixture did not listen within 30 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const control = `http://127.0.0.1:${port}`;
  return {
    url: `${control}/mcp`,
    control,
    post: async (endpoint, body) => {
      const response = await fetch(`${control}${endpoint}`, { method: "POST", body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${endpoint} answered ${response.status}`);
    },
    calls: async () =>
      ((await (await fetch(`${control}/control/calls`)).json()) as { calls: Awaited<ReturnType<McpFixture["calls"]>> }).calls,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
