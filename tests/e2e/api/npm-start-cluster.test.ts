import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreePort, repoRoot } from "@/tooling/db/embedded-postgres";
import { eventually } from "../../support/eventually";
import { TEST_AUTH_SECRET } from "../../support/app-server";
import { anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "../../support/fake-providers/anthropic";
import { appDatabaseUrl } from "../support/env";
import { createAccount, type TestAccount } from "../support/http-client";
import { createConversation, EventStreamReader, postMessage, readToEnd, useAnthropicAt, type StreamedEvent } from "../support/run-events";
import { sql } from "../support/sql";

/**
 * `npm start` as production runs it (scripts/start.ts): a cluster primary and WEB_CONCURRENCY=2
 * Next.js workers on one port, against the suite's database. Which process executed a run is read
 * from the run's lease (`Run.instanceId` starts with the executing process's pid): answers long
 * enough to renew a lease prove which worker served them.
 */
let npmStart: ChildProcess;
let output = "";
let baseURL = "";
let model: FakeAnthropicServer;
let user: TestAccount;

// 120 words 15 ms apart (about 2 s): three lease renewals at RUN_LEASE_MS=1500.
const LONG_ANSWER = Array.from({ length: 120 }, (_, i) => `w${i}`).join(" ");

beforeAll(async () => {
  model = await startFakeAnthropic(anthropicText(LONG_ANSWER, { interTokenDelayMs: 15 }));
  const port = await findFreePort();
  baseURL = `http://127.0.0.1:${port}`;
  npmStart = spawn("npm", ["start", "--", "-H", "127.0.0.1"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      WEB_CONCURRENCY: "2",
      PORT: String(port),
      DATABASE_URL: appDatabaseUrl(),
      AUTH_SECRET: TEST_AUTH_SECRET,
      AUTH_TRUST_HOST: "true",
      APP_URL: baseURL,
      ALLOW_PRIVATE_MODEL_URLS: "1",
      RUN_LEASE_MS: "1500",
      TRUSTED_PROXY_HOPS: "1",
      // One account sends rounds of messages until a worker is seen serving; on a slow machine that
      // passes the default 60 a minute. Rate limits have their own tests.
      MESSAGE_RATE_LIMIT_PER_MINUTE: "10000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  npmStart.stdout?.on("data", (d) => (output += d));
  npmStart.stderr?.on("data", (d) => (output += d));
  await eventually(async () => (await health()) === 200, 90_000).catch((error: Error) => {
    throw new Error(`${error.message}\nnpm start printed:\n${output}`);
  });
  user = await createAccount(baseURL, "cluster");
  await useAnthropicAt(user, model.url);
}, 120_000);

afterAll(async () => {
  if (npmStart && npmStart.exitCode === null && npmStart.signalCode === null) {
    const exited = new Promise((resolve) => npmStart.once("exit", resolve));
    npmStart.kill("SIGTERM");
    await exited;
  }
  await model?.close();
});

async function health(): Promise<number> {
  try {
    return (await fetch(`${baseURL}/api/health`)).status;
  } catch {
    return 0;
  }
}

/** The Next.js workers under `npm start`: the children of the process running scripts/start.ts that run Next. */
function workerPids(): number[] {
  const processes = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return [{ pid: Number(name), parent, cmdline: readFileSync(`/proc/${name}/cmdline`, "utf8") }];
      } catch {
        return []; // gone meanwhile
      }
    });
  const parentOf = new Map(processes.map((p) => [p.pid, p.parent]));
  const underNpm = (pid: number) => {
    for (let at = parentOf.get(pid); at !== undefined && at > 1; at = parentOf.get(at)) if (at === npmStart.pid) return true;
    return false;
  };
  const primary = processes.find((p) => p.cmdline.includes("scripts/start.ts") && underNpm(p.pid));
  // Next retitles its process "next-server (v…)"; before it does, the command line names Next's CLI.
  return processes
    .filter((p) => primary && p.parent === primary.pid && /next-server|next\/dist\/bin\/next/.test(p.cmdline))
    .map((p) => p.pid);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Sends one message in a new conversation, reads the answer to its end, and returns it with the pid
 * that executed the run. `newConnection`: the connection is closed after the message
 * (`connection: close`). Pooled keep-alive connections stay with the worker that accepted them, so
 * rounds of such messages use up the pool and then go out on new connections, which the primary
 * hands to the workers in turn.
 */
async function answer(text: string, { newConnection = false } = {}) {
  const conversationId = await createConversation(user.client);
  const response = newConnection
    ? await user.client.request(`/api/conversations/${conversationId}/messages`, { json: { text }, headers: { connection: "close" } })
    : await postMessage(user.client, conversationId, text);
  expect(response.status).toBe(200);
  const events = await readToEnd(response);
  const [run] = await sql<{ instanceId: string | null }>(
    `SELECT r."instanceId" FROM "Run" r JOIN "AgentStore" s ON s."id" = r."storeId" WHERE s."conversationId" = $1`,
    [conversationId],
  );
  return { events, pid: run?.instanceId ? Number(run.instanceId.split("-")[0]) : undefined };
}

/** A fetch that failed on a pooled keep-alive connection whose far end (the killed worker) had closed it. */
const onClosedConnection = (error: unknown) =>
  error instanceof TypeError && (error.cause as { code?: unknown } | undefined)?.code === "UND_ERR_SOCKET";

/**
 * `answer` once a worker was killed: a request that went out on a connection the dead worker held
 * reached no server, and is sent again on a new one (as a browser does), which the primary hands to a live worker.
 */
async function answerAfterTheKill(text: string, options?: { newConnection?: boolean }) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await answer(text, options);
    } catch (error) {
      if (!onClosedConnection(error) || attempt === 10) throw error;
    }
  }
}

const answeredText = (events: StreamedEvent[]) =>
  events
    .filter((e) => e.type === "text_delta")
    .map((e) => e.data.text)
    .join("");

describe("npm start with WEB_CONCURRENCY=2", () => {
  it("runs two Next.js workers, and both answer chat messages streamed to completion", async () => {
    const workers = workerPids();
    expect(workers).toHaveLength(2);
    const servedBy = new Set<number>();
    // Parallel messages open parallel connections, which the primary hands to the workers in turn.
    await eventually(async () => {
      const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => answer(`hello ${i}`)));
      for (const { events, pid } of answers) {
        expect(events.at(-1)?.type).toBe("run_completed");
        expect(answeredText(events)).toBe(LONG_ANSWER);
        if (pid !== undefined) servedBy.add(pid);
      }
      return servedBy.size === 2;
    }, 40_000);
    expect([...servedBy].sort()).toEqual([...workers].sort());
  });

  it("replaces a worker that dies while the other keeps serving", async () => {
    const [victim, survivor] = workerPids();
    process.kill(victim, "SIGKILL");
    await eventually(async () => !alive(victim));
    const during = await answerAfterTheKill("are you still there?");
    expect(during.events.at(-1)?.type).toBe("run_completed");
    expect(during.pid).not.toBe(victim);
    const replacement = await eventually(async () => {
      const now = workerPids();
      return now.length === 2 && now.includes(survivor) && now.find((pid) => pid !== survivor && pid !== victim);
    }, 30_000);
    // The replacement takes its turn of new connections once it listens.
    await eventually(async () => output.includes(`(pid ${replacement}) listening`), 60_000);
    await eventually(async () => {
      const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => answerAfterTheKill(`again ${i}`, { newConnection: true })));
      return answers.some(({ pid }) => pid === replacement);
    }, 40_000);
    expect(output).toMatch(new RegExp(`worker \\d \\(pid ${victim}\\) exited with signal SIGKILL; restarting it`));
  });

  it("stops every worker on SIGTERM, letting a streaming answer finish first", async () => {
    const workers = workerPids();
    const conversationId = await createConversation(user.client);
    const response = await postMessage(user.client, conversationId, "one more story");
    expect(response.status).toBe(200);
    const stream = new EventStreamReader(response);
    await stream.waitForType("text_delta");
    const exited = new Promise<string>((resolve) => npmStart.once("exit", (code, signal) => resolve(`${code ?? signal}`)));
    npmStart.kill("SIGTERM");
    await stream.ended;
    expect(stream.types().at(-1)).toBe("run_completed");
    expect(answeredText(stream.events)).toBe(LONG_ANSWER);
    // npm passes the signal on and exits with the code `next start` gives for it (143 = 128 + SIGTERM).
    expect(await exited).toBe("143");
    expect(workers.filter(alive)).toEqual([]);
    expect(await health()).toBe(0);
  });
});
