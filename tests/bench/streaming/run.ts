/**
 * Chat streaming benchmark: Handoff (`next start`, production build, embedded PostgreSQL) side by
 * side with a bare Node SSE relay, both streaming from one fake Anthropic server with a fixed time
 * to first token and token rate. Run after `npm run build`:
 *
 *   npx tsx tests/bench/streaming/run.ts
 *
 * Prints a table and rewrites the "## Chat streaming" section of docs/benchmarks.md.
 * Everything listens on and targets 127.0.0.1 only; every phase is bounded in count and time and
 * a watchdog ends the run. See tests/bench/README.md for the knobs (BENCH_* variables).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { repoRoot } from "@/tooling/db/embedded-postgres";
import { diffDbCounters, readStatements, resetStatements, settledDbCounters, type DbCounters, type StatementStat } from "./db-stats";
import { measureFirstLoadJs, type FirstLoadJs } from "./first-load-js";
import {
  ALLOW_PRIVATE_MODEL_URLS_ENV,
  AUTH_SECRET,
  Account,
  PRODUCTION_SETTINGS,
  benchDataDir,
  insertConversation,
  organizationIdOf,
  startHandoff,
  type HandoffInstance,
} from "./handoff";
import { startTracedServer, traceTurn } from "./trace";
import { startClusterServer } from "./cluster-server";
import { busyCores, CpuMeter, machineBusyMs, machineInfo, pidListeningOn, rssBytes, withDescendants } from "./procstat";
import { writeReport, type Report } from "./report";
import { CONFIRM_MARKER, benchTiming, expectedTextChars, tokensMarker } from "./scenario";
import { seedConversation } from "./seed";
import { freshConnections, jsonRequest, stream, type StreamHandle, type StreamResult } from "./sse-client";
import { summarize, type Summary } from "./stats";

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const int = (name: string, fallback: number) =>
  env[name] !== undefined && Number.isFinite(Number(env[name])) ? Number(env[name]) : fallback;
const list = (name: string, fallback: number[]) =>
  env[name]
    ? env[name]!.split(",")
        .map(Number)
        .filter((n) => n > 0)
    : fallback;

const QUICK = env.BENCH_QUICK === "1";
const CONFIG = {
  timing: benchTiming(env),
  ttftSamples: int("BENCH_TTFT_SAMPLES", QUICK ? 10 : 40),
  warmup: int("BENCH_WARMUP", QUICK ? 3 : 8),
  throughputClients: int("BENCH_THROUGHPUT_CLIENTS", QUICK ? 20 : 200),
  throughputRounds: int("BENCH_THROUGHPUT_ROUNDS", QUICK ? 2 : 3),
  /**
   * Rounds of the throughput load each contestant serves, unmeasured, right before its measured
   * rounds (default 0): the steady state of a server that has been serving for a while, with V8's
   * optimizing compiler done with the code a turn runs (docs/benchmarks.md, "JIT warm-up").
   */
  throughputWarmupRounds: int("BENCH_THROUGHPUT_WARMUP_ROUNDS", 0),
  ramp: list("BENCH_RAMP", QUICK ? [10, 20] : [50, 100, 200, 300, 400]),
  rampRounds: int("BENCH_RAMP_ROUNDS", 2),
  longTokens: int("BENCH_LONG_TOKENS", 2000),
  longClients: int("BENCH_LONG_CLIENTS", QUICK ? 20 : 200),
  resolveSamples: int("BENCH_RESOLVE_SAMPLES", QUICK ? 5 : 30),
  snapshotMessages: int("BENCH_SNAPSHOT_MESSAGES", 1000),
  snapshotSamples: int("BENCH_SNAPSHOT_SAMPLES", QUICK ? 10 : 50),
  accounts: int("BENCH_ACCOUNTS", 4),
  streamTimeoutMs: int("BENCH_STREAM_TIMEOUT_MS", 120_000),
  watchdogMs: int("BENCH_WATCHDOG_MS", 40 * 60_000),
  phases: new Set((env.BENCH_PHASES ?? "ttft,throughput,long,ramp,resolve,snapshot,overhead,js,trace").split(",")),
  writeDocs: env.BENCH_WRITE_DOCS !== "0",
  /** "relay" alone checks the harness without a build or a database. */
  withHandoff: (env.BENCH_CONTESTANTS ?? "relay,handoff").includes("handoff"),
  /** Starts the app server with --cpu-prof (profiles land in .data/bench-profiles). */
  cpuProfile: env.BENCH_CPU_PROF === "1",
  /** PostgreSQL with its default durable settings (the default), or the test clusters' fsync=off settings. */
  durablePostgres: env.BENCH_PG_FAST !== "1",
  /** With N > 0: Handoff also as `npm start` with N workers (scripts/start.ts), beside the single instance in throughput and ramp. */
  workers: int("BENCH_WORKERS", 0),
  /** Wait up to this many seconds for the machine to be quiet (others using < 0.5 core) before starting. */
  waitQuietSeconds: int("BENCH_WAIT_QUIET_S", 0),
};

const EXPECTED_CHARS = expectedTextChars(CONFIG.timing.tokens);
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

// ── Child processes ────────────────────────────────────────────────────────────────────────

interface Child {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const children: ChildProcess[] = [];
/** When the fake model received each request, on this process's performance.now() clock. */
const modelArrivals: number[] = [];

/** Runs a TypeScript file of this folder in its own Node process; it prints {"url"} once listening. */
async function spawnChild(file: string, extraEnv: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(here, file)], {
    cwd: repoRoot,
    env: { ...env, ...extraEnv },
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stderr?.on("data", (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not start within 30 s:\n${output}`)), 30_000);
    let buffer = "";
    let listening = false;
    child.stdout?.on("data", (chunk) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf("\n")) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        if (line.startsWith("@")) {
          modelArrivals.push(Number(line.slice(1)) - performance.timeOrigin);
        } else if (!listening) {
          listening = true;
          clearTimeout(timer);
          try {
            resolve((JSON.parse(line) as { url: string }).url);
          } catch {
            reject(new Error(`${file} printed ${line}`));
          }
        }
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited (${code}) before it listened:\n${output}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.stdin?.end();
        child.kill("SIGTERM");
      }),
  };
}

// ── Contestants ───────────────────────────────────────────────────────────────────────────

interface Target {
  account?: Account;
  conversationId?: string;
}

type ContestantName = "relay" | "handoff" | "cluster";

interface Contestant {
  name: ContestantName;
  label: string;
  /** The processes that serve its streams, for their memory while streams are open. */
  pids(): number[];
  /** Whatever each request needs ready (Handoff: a fresh conversation), made before the clock starts. */
  prepare(count: number): Promise<Target[]>;
  send(target: Target, text: string, timeoutMs: number): StreamHandle;
}

function relayContestant(relayUrl: string, pid: number): Contestant {
  return {
    name: "relay",
    label: "bare relay",
    pids: () => [pid],
    prepare: async (count) => Array.from({ length: count }, () => ({})),
    send: (_target, text, timeoutMs) => stream(`${relayUrl}/chat`, { method: "POST", body: JSON.stringify({ text }), timeoutMs }),
  };
}

function handoffContestant(accounts: Account[], pids: () => number[], workers = 0): Contestant {
  let next = 0;
  return {
    name: workers ? "cluster" : "handoff",
    label: workers ? `Handoff, npm start (${workers} workers)` : "Handoff",
    pids,
    async prepare(count) {
      const targets: Target[] = [];
      const make = async () => {
        while (targets.length < count) {
          const account = accounts[next++ % accounts.length];
          const slot: Target = { account };
          targets.push(slot);
          slot.conversationId = await account.createConversation();
        }
      };
      await Promise.all(Array.from({ length: Math.min(8, count) }, make));
      return targets.slice(0, count);
    },
    send: (target, text, timeoutMs) => target.account!.sendMessage(target.conversationId!, text, { timeoutMs }),
  };
}

/** Why a finished answer stream does not count as a success, or null. */
function streamError(result: StreamResult, expectedChars = EXPECTED_CHARS): string | null {
  if (result.error) return result.error;
  if (result.status !== 200) return `HTTP ${result.status}${result.body ? `: ${result.body.slice(0, 160)}` : ""}`;
  if (!result.contentType.includes("text/event-stream")) return `not an event stream (${result.contentType})`;
  const failed = result.events.find((e) => e.type === "run_failed");
  if (failed) return `run_failed: ${JSON.stringify(failed.data).slice(0, 200)}`;
  if (result.textChars !== expectedChars) return `incomplete text: ${result.textChars}/${expectedChars} characters`;
  if (!result.events.some((e) => e.type === "run_completed"))
    return `no run_completed (last event ${result.events.at(-1)?.type ?? "none"})`;
  return null;
}

// ── Measuring ─────────────────────────────────────────────────────────────────────────────

let cpuMeter: CpuMeter;
let serverPid: number | undefined;

/** With BENCH_CPU_PROF=1: a CPU profile of the Next server while `work` runs (see cpu-profile-hook.mjs). */
async function profiled<T>(label: string, work: () => Promise<T>): Promise<T> {
  if (!CONFIG.cpuProfile || !serverPid) return work();
  const dir = path.join(repoRoot, ".data", "bench-profiles");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "label"), label);
  process.kill(serverPid, "SIGUSR2");
  try {
    return await work();
  } finally {
    process.kill(serverPid, "SIGUSR2");
    await new Promise((r) => setTimeout(r, 1000));
    log(`  CPU profile of the server written to .data/bench-profiles/${label}-*.cpuprofile`);
  }
}
let handoff: HandoffInstance | undefined;

export interface LoadResult {
  clients: number;
  rounds: number;
  requests: number;
  ok: number;
  errors: number;
  errorSamples: string[];
  failures: string[];
  wallMs: number;
  textChars: number;
  frames: number;
  textFrames: number;
  bytes: number;
  /** Text characters per second, all streams together. */
  charsPerSecond: number;
  /**
   * Each completed stream's own rate: its text characters over the time from its first to its
   * last text frame (what one reader sees the answer arrive at, once it started), in chars/s.
   */
  streamRate: Summary;
  framesPerSecond: number;
  ttft: Summary;
  duration: Summary;
  cpuMs: Record<string, number>;
  machineBusyMs: number;
  db?: ReturnType<typeof diffDbCounters>;
  /** Statements the database ran during the phase (pg_stat_statements), most called first. */
  statements?: StatementStat[];
  memory: StreamMemory;
}

/**
 * The serving processes' resident memory (RSS, all of them together) before the load and while
 * every client's request was open (the highest sample of those moments), and the difference per
 * open stream. Sampled from /proc every 100 ms.
 */
export interface StreamMemory {
  idleBytes: number;
  openBytes: number;
  perStreamBytes: number;
  samples: number;
}

/** Samples `pids`' RSS while `allOpen()` holds, until stopped. */
function sampleOpenMemory(pids: () => number[], allOpen: () => boolean) {
  const idleBytes = rssBytes(pids());
  let openBytes = 0;
  let samples = 0;
  const timer = setInterval(() => {
    if (!allOpen()) return;
    openBytes = Math.max(openBytes, rssBytes(pids()));
    samples++;
  }, 100);
  return (streams: number): StreamMemory => {
    clearInterval(timer);
    return { idleBytes, openBytes, samples, perStreamBytes: samples ? (openBytes - idleBytes) / streams : Number.NaN };
  };
}

/** `clients` concurrent clients, each sending `rounds` requests one after the other. */
async function runLoad(
  contestant: Contestant,
  clients: number,
  rounds: number,
  options: { db?: boolean; tokens?: number } = {},
): Promise<LoadResult> {
  freshConnections();
  const tokens = options.tokens ?? CONFIG.timing.tokens;
  const expected = expectedTextChars(tokens);
  const marker = tokens === CONFIG.timing.tokens ? "" : `${tokensMarker(tokens)} `;
  const targets = await contestant.prepare(clients * rounds);
  // A profile of the measured load starts after this line (the conversations above are made with Prisma).
  log(`    ${contestant.label}: ${targets.length} targets ready, load running`);
  const dbBefore: DbCounters | undefined = options.db && handoff ? await settledDbCounters(handoff.databaseUrl) : undefined;
  if (options.db && handoff?.statements) await resetStatements(handoff.databaseUrl);
  const results: StreamResult[] = [];
  let open = 0;
  const memory = sampleOpenMemory(
    () => contestant.pids(),
    () => open === clients,
  );
  const cpuBefore = cpuMeter.sample();
  const busyBefore = machineBusyMs();
  const started = performance.now();
  const load = () =>
    Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        for (let round = 0; round < rounds; round++) {
          const target = targets[client * rounds + round];
          open++;
          const result = await contestant.send(
            target,
            `${marker}Hello from client ${client}, round ${round}. Tell me a story.`,
            CONFIG.streamTimeoutMs,
          ).done;
          open--;
          results.push(result);
        }
      }),
    );
  if (contestant.name === "handoff") await profiled(`load-${clients}x${rounds}`, load);
  else await load();
  const wallMs = performance.now() - started;
  const streamMemory = memory(clients);
  const cpuMs = CpuMeter.delta(cpuBefore, cpuMeter.sample());
  const busy = machineBusyMs() - busyBefore;
  const statements = options.db && handoff?.statements ? await readStatements(handoff.databaseUrl) : undefined;
  const db = dbBefore && handoff ? diffDbCounters(dbBefore, await settledDbCounters(handoff.databaseUrl)) : undefined;
  const errors = results.map((r) => streamError(r, expected)).filter((e): e is string => e !== null);
  // The first failures with when they happened and how far the stream got, to tell a refused request from a cut stream.
  const failures = results
    .filter((r) => streamError(r, expected) !== null)
    .slice(0, 5)
    .map(
      (r) =>
        `${streamError(r, expected)} after ${Math.round(r.endAt - r.startedAt)} ms (HTTP ${r.status || "none"}, ${r.bytes} bytes, ${r.textChars} text chars, last event ${r.events.at(-1)?.type ?? "none"})`,
    );
  const ok = results.filter((r) => streamError(r, expected) === null);
  const sum = (pick: (r: StreamResult) => number) => ok.reduce((a, r) => a + pick(r), 0);
  const textChars = sum((r) => r.textChars);
  const frames = sum((r) => r.frames);
  return {
    clients,
    rounds,
    requests: results.length,
    ok: ok.length,
    errors: errors.length,
    errorSamples: [...new Set(errors)].slice(0, 5),
    failures,
    wallMs,
    textChars,
    frames,
    textFrames: sum((r) => r.textFrames),
    bytes: sum((r) => r.bytes),
    charsPerSecond: (textChars / wallMs) * 1000,
    framesPerSecond: (frames / wallMs) * 1000,
    streamRate: summarize(ok.filter((r) => r.lastTextAt > r.firstTextAt).map((r) => (r.textChars / (r.lastTextAt - r.firstTextAt)) * 1000)),
    ttft: summarize(results.filter((r) => !Number.isNaN(r.firstTextAt)).map((r) => r.firstTextAt - r.startedAt)),
    duration: summarize(ok.map((r) => r.endAt - r.startedAt)),
    cpuMs,
    machineBusyMs: busy,
    db,
    statements,
    memory: streamMemory,
  };
}

/** Time to first token at concurrency 1, the two contestants alternating request by request. */
async function measureTtft(contestants: Contestant[]) {
  const samples = new Map<string, number[]>(contestants.map((c) => [c.name, []]));
  const headers = new Map<string, number[]>(contestants.map((c) => [c.name, []]));
  const totals = new Map<string, number[]>(contestants.map((c) => [c.name, []]));
  const errors = new Map<string, string[]>(contestants.map((c) => [c.name, []]));
  /** Request sent → the fake model got its request; and the model's first token → the client got it. */
  const beforeModel = new Map<string, number[]>(contestants.map((c) => [c.name, []]));
  const afterModel = new Map<string, number[]>(contestants.map((c) => [c.name, []]));
  const targets = new Map<string, Target[]>();
  for (const c of contestants) targets.set(c.name, await c.prepare(CONFIG.warmup + CONFIG.ttftSamples));
  for (let i = 0; i < CONFIG.warmup + CONFIG.ttftSamples; i++) {
    for (const c of i % 2 ? [...contestants].reverse() : contestants) {
      const arrivalsBefore = modelArrivals.length;
      const result = await c.send(targets.get(c.name)![i], `Sample ${i}: tell me a story.`, 30_000).done;
      const error = streamError(result);
      if (i < CONFIG.warmup) continue;
      if (error) errors.get(c.name)!.push(error);
      else {
        const arrival = modelArrivals[arrivalsBefore];
        if (arrival !== undefined && modelArrivals.length === arrivalsBefore + 1) {
          beforeModel.get(c.name)!.push(arrival - result.startedAt);
          afterModel.get(c.name)!.push(result.firstTextAt - (arrival + CONFIG.timing.timeToFirstTokenMs));
        }
        samples.get(c.name)!.push(result.firstTextAt - result.startedAt);
        headers.get(c.name)!.push(result.headersAt - result.startedAt);
        totals.get(c.name)!.push(result.endAt - result.startedAt);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return Object.fromEntries(
    contestants.map((c) => [
      c.name,
      {
        ttft: summarize(samples.get(c.name)!),
        headers: summarize(headers.get(c.name)!),
        total: summarize(totals.get(c.name)!),
        beforeModel: summarize(beforeModel.get(c.name)!),
        afterModel: summarize(afterModel.get(c.name)!),
        errors: errors.get(c.name)!.length,
        errorSamples: [...new Set(errors.get(c.name)!)].slice(0, 3),
      },
    ]),
  );
}

/**
 * Resolve → first continuation event. Each sample: a message whose model reply is a
 * `confirm_action` tool call (a card that waits, the run suspends); then POST
 * /api/slots/{id}/resolve, timed to the first event frame of the continuation: on the resolve
 * response itself when it streams, else on an /events tail opened before.
 */
async function measureResolve(accounts: Account[]) {
  const latencies: number[] = [];
  const tailLatencies: number[] = [];
  const errors: string[] = [];
  let mode: "resolve-stream" | "events-tail" | "unknown" = "unknown";
  const firstTypes = new Map<string, number>();
  /** Time from the resolve request to the first event of each type on its stream (and to its headers). */
  const byType: Record<string, number[]> = {};
  const total = CONFIG.warmup + CONFIG.resolveSamples;
  for (let i = 0; i < total; i++) {
    const account = accounts[i % accounts.length];
    try {
      const conversationId = await account.createConversation();
      const turn = await account.sendMessage(conversationId, `${CONFIRM_MARKER} Please send the weekly report (${i}).`, {
        timeoutMs: 30_000,
      }).done;
      if (turn.status !== 200) throw new Error(`message answered HTTP ${turn.status}: ${turn.body.slice(0, 200)}`);
      const push = turn.events.find((e) => e.type === "slot_push");
      const slotId = (push?.data as { slot?: { id?: string } } | undefined)?.slot?.id;
      if (!slotId) throw new Error(`no slot_push in the turn (events: ${turn.events.map((e) => e.type).join(",")})`);
      const lastSeq = Math.max(0, ...turn.events.map((e) => e.seq ?? 0));
      // A tail when we do not know yet, or know we need it.
      let tail: StreamHandle | undefined;
      let tailFirst = Number.NaN;
      if (mode !== "resolve-stream") {
        tail = account.stream(`/api/conversations/${encodeURIComponent(conversationId)}/events?after=${lastSeq}`, {
          timeoutMs: 30_000,
          onEvent: (event) => {
            if (Number.isNaN(tailFirst) && (event.seq ?? 0) > lastSeq) tailFirst = event.at;
          },
        });
        await new Promise((r) => setTimeout(r, 100)); // let it subscribe
      }
      const sent = performance.now();
      const resolved = await account.stream(`/api/slots/${encodeURIComponent(slotId)}/resolve`, {
        method: "POST",
        body: JSON.stringify({ value: { confirmed: true } }),
        timeoutMs: 30_000,
      }).done;
      if (resolved.status !== 200) throw new Error(`resolve answered HTTP ${resolved.status}: ${resolved.body.slice(0, 200)}`);
      const streamed = resolved.contentType.includes("text/event-stream");
      if (mode === "unknown") mode = streamed ? "resolve-stream" : "events-tail";
      if (tail) {
        const deadline = performance.now() + 10_000;
        while (Number.isNaN(tailFirst) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
        tail.close();
      }
      const first = streamed ? resolved.firstEventAt : tailFirst;
      if (i < CONFIG.warmup) continue;
      if (Number.isNaN(first)) throw new Error("no continuation event arrived");
      const firstEvent = streamed ? (resolved.events[0]?.type ?? "text_delta") : "tail";
      firstTypes.set(firstEvent, (firstTypes.get(firstEvent) ?? 0) + 1);
      latencies.push(first - sent);
      if (streamed) {
        const at = (type: string) =>
          type === "text_delta" ? resolved.firstTextAt : (resolved.events.find((e) => e.type === type)?.at ?? Number.NaN);
        for (const type of ["run_started", "tool_use_result", "text_delta", "run_completed"]) {
          const t = at(type);
          if (!Number.isNaN(t)) (byType[type] ??= []).push(t - sent);
        }
        if (!Number.isNaN(resolved.headersAt)) (byType.headers ??= []).push(resolved.headersAt - sent);
      }
      if (!Number.isNaN(tailFirst)) tailLatencies.push(tailFirst - sent);
      if (streamed && !resolved.events.some((e) => e.type === "run_completed"))
        errors.push(`continuation did not complete (events: ${resolved.events.map((e) => e.type).join(",")})`);
    } catch (error) {
      if (i >= CONFIG.warmup) errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  return {
    mode,
    latency: summarize(latencies),
    tailLatency: summarize(tailLatencies),
    byType: Object.fromEntries(Object.entries(byType).map(([type, values]) => [type, summarize(values)])),
    firstEventTypes: Object.fromEntries(firstTypes),
    errors: errors.length,
    errorSamples: [...new Set(errors)].slice(0, 3),
  };
}

/** GET /api/conversations/{id} of a conversation with `snapshotMessages` stored messages. */
async function measureSnapshot(account: Account) {
  const conversationId = await account.createConversation();
  const organizationId = await organizationIdOf(handoff!.databaseUrl, account.orgSlug);
  await seedConversation(handoff!.databaseUrl, organizationId, conversationId, CONFIG.snapshotMessages);
  const times: number[] = [];
  const health: number[] = [];
  let bytes = 0;
  let messages = 0;
  let status = 0;
  let serverTiming = "";
  for (let i = 0; i < CONFIG.warmup + CONFIG.snapshotSamples; i++) {
    const response = await account.json<{ messages?: unknown[] }>(`/api/conversations/${encodeURIComponent(conversationId)}`);
    const ping = await account.json("/api/health/live");
    status = response.status;
    if (i < CONFIG.warmup) continue;
    times.push(response.ms);
    health.push(ping.ms);
    bytes = response.bytes;
    messages = Array.isArray(response.body?.messages) ? response.body.messages.length : 0;
    serverTiming = String(response.headers["server-timing"] ?? "");
  }
  return { conversationId, status, time: summarize(times), health: summarize(health), bytes, messagesReturned: messages, serverTiming };
}

/**
 * Server CPU per request of requests that do no chat work, to size the fixed cost of a request:
 * a public route without and with a session cookie (the middleware decrypts it), and a message
 * POST with an invalid body (the route's own session and tenant lookup, then a 422).
 */
async function measureRequestOverhead(account: Account, conversationId: string) {
  const probes: [string, () => Promise<unknown>][] = [
    ["GET /api/health/live, no cookie", () => jsonRequest(`${account.baseURL}/api/health/live`)],
    ["GET /api/health/live, session cookie", () => account.json("/api/health/live")],
    [
      "POST .../messages, invalid body (auth, tenant, 422)",
      () => account.json(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, { method: "POST", json: { text: "" } }),
    ],
  ];
  const out: { probe: string; serverCpuMs: number; latency: Summary }[] = [];
  for (const [probe, send] of probes) {
    for (let i = 0; i < 20; i++) await send();
    const n = 200;
    const before = cpuMeter.sample();
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await send();
      times.push(performance.now() - t);
    }
    const used = CpuMeter.delta(before, cpuMeter.sample());
    out.push({ probe, serverCpuMs: used.server / n, latency: summarize(times) });
  }
  return out;
}

/**
 * One streaming benchmark at a time on this machine, whichever copy of the repository it runs
 * from: two runs on two cores measure each other. The lock is a file in the system's temp
 * directory holding the pid of the run; a lock whose process is gone is taken over.
 */
const LOCK_FILE = path.join(os.tmpdir(), "handoff-streaming-bench.lock");

async function takeMachineLock(waitSeconds: number): Promise<void> {
  const deadline = Date.now() + Math.max(waitSeconds, 0) * 1000;
  for (;;) {
    try {
      writeFileSync(LOCK_FILE, String(process.pid), { flag: "wx" });
      process.on("exit", () => {
        try {
          if (readFileSync(LOCK_FILE, "utf8") === String(process.pid)) unlinkSync(LOCK_FILE);
        } catch {
          // already gone
        }
      });
      return;
    } catch {
      let holder: number;
      try {
        holder = Number(readFileSync(LOCK_FILE, "utf8").trim());
      } catch {
        continue; // released between our attempt and the read
      }
      let alive = false;
      try {
        process.kill(holder, 0);
        alive = Number.isInteger(holder) && holder > 0;
      } catch {
        alive = false;
      }
      if (!alive) {
        try {
          unlinkSync(LOCK_FILE);
        } catch {
          // another run took it over first
        }
        continue;
      }
      if (Date.now() > deadline)
        throw new Error(
          `another streaming benchmark (pid ${holder}) is running; wait for it (BENCH_WAIT_QUIET_S waits) or remove ${LOCK_FILE} if it is stale`,
        );
      log(`another streaming benchmark (pid ${holder}) is running; waiting for it to finish`);
      await new Promise((r) => setTimeout(r, 15_000));
    }
  }
}

// ── Main ──────────────────────────────────────────────────────────────────────────────────

const cleanups: Array<() => Promise<void>> = [];
async function cleanup() {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
  cleanups.length = 0;
}

async function main() {
  const watchdog = setTimeout(() => {
    log(`watchdog: the run exceeded ${CONFIG.watchdogMs / 60_000} min; stopping everything`);
    void cleanup().finally(() => process.exit(2));
  }, CONFIG.watchdogMs);
  watchdog.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)));

  const startedAt = new Date();
  const report: Report = {
    date: startedAt.toISOString(),
    command: [
      ...Object.entries(env)
        .filter(([k]) => k.startsWith("BENCH_") && k !== "BENCH_COMMIT")
        .map(([k, v]) => `${k}=${v}`),
      "npx tsx tests/bench/streaming/run.ts",
    ].join(" "),
    commit: gitCommit(),
    machine: machineInfo(),
    config: { ...CONFIG, phases: [...CONFIG.phases], expectedChars: EXPECTED_CHARS, serverSettings: PRODUCTION_SETTINGS },
    phases: {},
    notes: [],
  };

  await takeMachineLock(CONFIG.waitQuietSeconds);
  let otherLoad = await busyCores(3000);
  for (const deadline = Date.now() + CONFIG.waitQuietSeconds * 1000; otherLoad > 0.5 && Date.now() < deadline;) {
    log(`the machine is busy (${otherLoad.toFixed(2)} cores used by other work); waiting for it to be quiet`);
    await new Promise((r) => setTimeout(r, 20_000));
    otherLoad = await busyCores(3000);
  }
  report.machine.otherLoadAtStart = `${otherLoad.toFixed(2)} cores busy with other work`;
  if (otherLoad > 0.5) log(`warning: ${otherLoad.toFixed(2)} cores were busy with other work at the start; figures will be noisy`);

  log(
    `fake model: time to first token ${CONFIG.timing.timeToFirstTokenMs} ms, ${CONFIG.timing.tokens} tokens ${CONFIG.timing.interTokenDelayMs} ms apart`,
  );
  const fake = await spawnChild("fake-model.ts", {
    BENCH_TTFT_MS: String(CONFIG.timing.timeToFirstTokenMs),
    BENCH_TOKENS: String(CONFIG.timing.tokens),
    BENCH_INTER_TOKEN_MS: String(CONFIG.timing.interTokenDelayMs),
  });
  cleanups.push(fake.stop);
  const relayChild = await spawnChild("bare-relay.ts", { BENCH_MODEL_URL: fake.url });
  cleanups.push(relayChild.stop);
  const relay = relayContestant(relayChild.url, relayChild.pid);

  let app: Contestant | undefined;
  let cluster: Contestant | undefined;
  let clusterPid: number | undefined;
  const accounts: Account[] = [];
  let baseURL = "";
  let appPid: number | undefined;
  let postmasterPid: number | undefined;
  if (CONFIG.withHandoff) {
    log("starting Handoff: embedded PostgreSQL, migrations, next start");
    const profileDir = path.join(repoRoot, ".data", "bench-profiles");
    handoff = await startHandoff({
      durable: CONFIG.durablePostgres,
      env: {
        ...(CONFIG.cpuProfile && { NODE_OPTIONS: `--import ${path.join(here, "cpu-profile-hook.mjs")}`, BENCH_PROFILE_DIR: profileDir }),
      },
    });
    const started = handoff;
    cleanups.push(() => started.stop());
    baseURL = handoff.app.baseURL;
    appPid = pidListeningOn(handoff.app.port);
    serverPid = appPid;
    postmasterPid = readPostmasterPid();
    log(`Handoff at ${baseURL} (pid ${appPid ?? "?"}), postgres pid ${postmasterPid ?? "? (DATABASE_URL)"}`);
    for (let i = 0; i < CONFIG.accounts; i++) accounts.push(await Account.signUp(baseURL, `bench${i}`));
    try {
      for (const account of accounts) await account.useFakeAnthropic(fake.url);
      app = handoffContestant(accounts, () => (appPid ? [appPid] : []));
    } catch (error) {
      // Without its model Handoff cannot stream; the snapshot and page weight can still be measured.
      const message = error instanceof Error ? error.message : String(error);
      log(`could not point the agent at the fake model, so Handoff's streaming phases are skipped: ${message}`);
      report.notes.push(`Handoff's streaming phases were skipped: ${message}`);
    }
  }
  if (app && handoff && CONFIG.workers > 0) {
    log(`starting Handoff as npm start with ${CONFIG.workers} workers, on the same database`);
    const started = await startClusterServer({
      databaseUrl: handoff.databaseUrl,
      workers: CONFIG.workers,
      env: { ...PRODUCTION_SETTINGS, AUTH_SECRET, [ALLOW_PRIVATE_MODEL_URLS_ENV]: "1" },
    });
    cleanups.push(() => started.stop());
    const primary = started.pid;
    clusterPid = primary;
    log(`npm start at ${started.baseURL} (primary pid ${primary}, workers ${withDescendants(primary).slice(1).join(", ")})`);
    cluster = handoffContestant(
      accounts.map((account) => account.withBaseURL(started.baseURL)),
      () => withDescendants(primary),
      CONFIG.workers,
    );
  }
  cpuMeter = new CpuMeter({
    server: () => (appPid ? [appPid] : []),
    // The primary and every worker: the CPU of an answer is the sum over all of them.
    cluster: () => (clusterPid ? withDescendants(clusterPid) : []),
    postgres: () => (postmasterPid ? withDescendants(postmasterPid) : []),
    fakeModel: () => [fake.pid],
    relay: () => [relayChild.pid],
    driver: () => [process.pid],
  });
  const contestants = app ? [relay, app] : [relay];
  /** The load phases (throughput, ramp) also measure `npm start` when BENCH_WORKERS asks for it. */
  const loadContestants = cluster ? [...contestants, cluster] : contestants;
  if (cluster && app) {
    // The workers of `npm start` have served nothing yet (the single instance served the sign-ups):
    // a few parallel answers each, on both, so neither load phase measures a cold JIT.
    log("warming up both Handoff contestants");
    for (const c of [app, cluster]) await runLoad(c, 2 * CONFIG.workers, CONFIG.warmup);
  }

  const phase = async <T>(name: string, run: () => Promise<T>): Promise<T | undefined> => {
    if (!CONFIG.phases.has(name)) return undefined;
    log(`phase ${name}`);
    freshConnections();
    const t0 = performance.now();
    try {
      const value = await run();
      report.phases[name] = value;
      log(`phase ${name} done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      return value;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`phase ${name} failed: ${message}`);
      report.phases[name] = { failed: message };
      return undefined;
    }
  };

  await phase("ttft", () => profiled("ttft", () => measureTtft(contestants)));

  await phase("throughput", async () => {
    const out: Record<string, LoadResult> = {};
    for (const c of loadContestants) {
      if (CONFIG.throughputWarmupRounds > 0) {
        log(`  ${c.label}: ${CONFIG.throughputClients} clients × ${CONFIG.throughputWarmupRounds} answers to warm up`);
        await runLoad(c, CONFIG.throughputClients, CONFIG.throughputWarmupRounds);
      }
      log(`  ${c.label}: ${CONFIG.throughputClients} clients × ${CONFIG.throughputRounds} answers`);
      out[c.name] = await runLoad(c, CONFIG.throughputClients, CONFIG.throughputRounds, { db: c.name === "handoff" });
      log(
        `  ${c.label}: ${out[c.name].ok}/${out[c.name].requests} ok, ${Math.round(out[c.name].charsPerSecond)} chars/s, ${Math.round(out[c.name].framesPerSecond)} frames/s`,
      );
    }
    if (app) {
      // The relay once more after Handoff: on a shared machine, the ratio is taken against both relay runs.
      out.relayAgain = await runLoad(relay, CONFIG.throughputClients, CONFIG.throughputRounds);
      log(`  ${relay.label} again: ${Math.round(out.relayAgain.charsPerSecond)} chars/s`);
    }
    return out;
  });

  await phase("long", async () => {
    // Longer answers: per-frame cost weighs more for the relay (one frame per token), per-answer cost less for Handoff.
    const out: Record<string, LoadResult> = {};
    for (const c of contestants) {
      out[c.name] = await runLoad(c, CONFIG.longClients, 1, { db: c.name === "handoff", tokens: CONFIG.longTokens });
      log(
        `  ${c.label}, ${CONFIG.longTokens}-token answers: ${out[c.name].ok}/${out[c.name].requests} ok, ${Math.round(out[c.name].charsPerSecond)} chars/s`,
      );
    }
    return out;
  });

  await phase("ramp", async () => {
    const levels: ({ level: number } & Partial<Record<ContestantName, LoadResult>>)[] = [];
    let failing = new Set<ContestantName>();
    for (const level of CONFIG.ramp) {
      const row: { level: number } & Partial<Record<ContestantName, LoadResult>> = { level };
      // Past the first level a Handoff contestant fails at, more load says nothing new about it and costs minutes.
      for (const c of loadContestants.filter((c) => !failing.has(c.name))) {
        const r = await runLoad(c, level, CONFIG.rampRounds, { db: c.name === "handoff" });
        row[c.name] = r;
        const memory = Number.isNaN(r.memory.perStreamBytes) ? "?" : `${(r.memory.perStreamBytes / 1024).toFixed(0)} KiB`;
        log(
          `  ${level} concurrent, ${c.label}: ${r.ok}/${r.requests} ok, ttft p50 ${r.ttft.p50.toFixed(0)} ms p99 ${r.ttft.p99.toFixed(0)} ms, memory/open stream ${memory}, ${r.errorSamples[0] ?? ""}`,
        );
      }
      levels.push(row);
      failing = new Set([...failing, ...(["handoff", "cluster"] as const).filter((name) => (row[name]?.errors ?? 0) > 0)]);
      if (loadContestants.every((c) => c.name === "relay" || failing.has(c.name))) break;
    }
    return levels;
  });

  if (app) await phase("resolve", () => measureResolve(accounts));
  if (handoff) {
    const handoffApp = app;
    await phase("snapshot", () => measureSnapshot(accounts[0]));
    await phase("overhead", async () => measureRequestOverhead(accounts[0], await accounts[0].createConversation()));
    await phase("js", async (): Promise<FirstLoadJs> => {
      const account = accounts[0];
      const conversationId = handoffApp
        ? await account.createConversation()
        : await insertConversation(handoff!.databaseUrl, await organizationIdOf(handoff!.databaseUrl, account.orgSlug), account.userId);
      if (handoffApp)
        await account.sendMessage(conversationId, "Hello: one answer so the page has a timeline.", { timeoutMs: 30_000 }).done;
      return measureFirstLoadJs(
        `${baseURL}/${encodeURIComponent(account.orgSlug)}/c/${encodeURIComponent(conversationId)}`,
        account.browserCookies(),
      );
    });
  }

  if (app && handoff) {
    const current = handoff;
    await phase("trace", async () => {
      // A second instance of the same database with the query hook loaded: the measured server stays unhooked.
      const traced = await startTracedServer(current.databaseUrl, {
        ...PRODUCTION_SETTINGS,
        AUTH_SECRET,
        [ALLOW_PRIVATE_MODEL_URLS_ENV]: "1",
      });
      try {
        const account = accounts[0].withBaseURL(traced.app.baseURL);
        const common = {
          account,
          traceFile: traced.traceFile,
          arrivals: () => modelArrivals,
          timeToFirstTokenMs: CONFIG.timing.timeToFirstTokenMs,
          warmups: CONFIG.warmup,
        };
        return { message: await traceTurn({ ...common, kind: "message" }), resolve: await traceTurn({ ...common, kind: "resolve" }) };
      } finally {
        await traced.app.stop();
      }
    });
  }

  if (handoff)
    report.serverLogTail = handoff.app
      .output()
      .split("\n")
      .filter((l) => /error|warn/i.test(l))
      .slice(-15);
  await cleanup();

  clearTimeout(watchdog);
  writeReport(report, { writeDocs: CONFIG.writeDocs, log });
}

function gitCommit(): string {
  if (env.BENCH_COMMIT) return env.BENCH_COMMIT;
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: repoRoot, encoding: "utf8" }).trim();
    return dirty ? `${sha} (+ uncommitted changes)` : sha;
  } catch {
    return "unknown";
  }
}

function readPostmasterPid(): number | undefined {
  if (env.DATABASE_URL) return undefined;
  try {
    return Number(readFileSync(path.join(benchDataDir(), "postmaster.pid"), "utf8").split("\n")[0]) || undefined;
  } catch {
    return undefined;
  }
}

main().then(
  () => process.exit(0),
  async (error) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (handoff) log(`server output (tail):\n${handoff.app.output().slice(-3000)}`);
    await cleanup();
    process.exit(1);
  },
);
