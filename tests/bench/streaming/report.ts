import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "@/tooling/db/embedded-postgres";
import type { FirstLoadJs } from "./first-load-js";
import { formatTrace, type TraceResult } from "./trace";
import type { LoadResult } from "./run";
import { markdownTable, ms, num, textTable, type Summary } from "./stats";

export interface Report {
  date: string;
  command: string;
  commit: string;
  machine: Record<string, string>;
  config: Record<string, unknown>;
  phases: Record<string, unknown>;
  notes: string[];
  serverLogTail?: string[];
}

interface TtftSide {
  ttft: Summary;
  headers: Summary;
  total: Summary;
  beforeModel?: Summary;
  afterModel?: Summary;
  errors: number;
  errorSamples: string[];
}
interface TtftPhase {
  relay: TtftSide;
  handoff: TtftSide;
}
/** `cluster`: Handoff as `npm start` with BENCH_WORKERS workers, when the run asked for it. */
type ThroughputPhase = { relay: LoadResult; handoff: LoadResult; relayAgain?: LoadResult; cluster?: LoadResult };

/** The relay's throughput: the mean of its runs before and after Handoff's, when there are two. */
const relayRate = (tp: ThroughputPhase) =>
  tp.relayAgain ? (tp.relay.charsPerSecond + tp.relayAgain.charsPerSecond) / 2 : tp.relay.charsPerSecond;
/** The relay's per-stream rate (p50), over both relay runs when there are two. */
const relayStreamRate = (tp: ThroughputPhase) =>
  tp.relayAgain ? (tp.relay.streamRate.p50 + tp.relayAgain.streamRate.p50) / 2 : tp.relay.streamRate.p50;
type RampPhase = { level: number; relay?: LoadResult; handoff?: LoadResult; cluster?: LoadResult }[];
interface ResolvePhase {
  mode: string;
  latency: Summary;
  tailLatency: Summary;
  byType?: Record<string, Summary>;
  firstEventTypes: Record<string, number>;
  errors: number;
  errorSamples: string[];
}
interface SnapshotPhase {
  status: number;
  time: Summary;
  health: Summary;
  bytes: number;
  messagesReturned: number;
  serverTiming: string;
}

const TARGETS = {
  ttftAddedP50Ms: 15,
  throughputRatio: 0.9,
  concurrent: 300,
  /** `npm start` on every core (issue 16). */
  throughputRatioAllCores: 1.0,
  concurrentAllCores: 1000,
  resolveP50Ms: 50,
  snapshotP50Ms: 50,
  firstLoadJsGzipBytes: 200_000,
};

/** "reported": a figure shown beside a target's, not itself a target. */
type Verdict = "met" | "missed" | "not measured" | "reported";

interface Row {
  metric: string;
  relay: string;
  handoff: string;
  result: string;
  target: string;
  verdict: Verdict;
}

const failed = (phase: unknown): string | undefined => (phase as { failed?: string } | undefined)?.failed;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function rows(report: Report): Row[] {
  const out: Row[] = [];
  const p = report.phases;

  const ttft = p.ttft as TtftPhase | undefined;
  if (ttft && !failed(ttft) && ttft.handoff && ttft.handoff.ttft.n > 0) {
    const addedP50 = ttft.handoff.ttft.p50 - ttft.relay.ttft.p50;
    const addedP99 = ttft.handoff.ttft.p99 - ttft.relay.ttft.p99;
    out.push({
      metric: "1. time to first token added (1 client, p50 / p99)",
      relay: `${ms(ttft.relay.ttft.p50)} / ${ms(ttft.relay.ttft.p99)}`,
      handoff: `${ms(ttft.handoff.ttft.p50)} / ${ms(ttft.handoff.ttft.p99)}`,
      result: `+${ms(addedP50)} / +${ms(addedP99)}`,
      target: `≤ ${TARGETS.ttftAddedP50Ms} ms p50`,
      verdict: addedP50 <= TARGETS.ttftAddedP50Ms && ttft.handoff.errors === 0 ? "met" : "missed",
    });
  } else
    out.push(
      notMeasured(
        "1. time to first token added",
        failed(ttft) ?? (ttft?.handoff ? `Handoff errors: ${ttft.handoff.errorSamples.join("; ")}` : undefined),
      ),
    );

  const tp = p.throughput as ThroughputPhase | undefined;
  if (tp && !failed(tp) && tp.handoff) {
    const load = `${tp.relay.clients} clients × ${tp.relay.rounds}`;
    const rate = tp.handoff.streamRate.p50 / relayStreamRate(tp);
    out.push({
      metric: `2. sustained streaming rate of a stream, text chars/s p50 (${load})`,
      relay: tp.relayAgain
        ? `${num(relayStreamRate(tp))} (runs before and after Handoff: ${num(tp.relay.streamRate.p50)}, ${num(tp.relayAgain.streamRate.p50)})`
        : num(tp.relay.streamRate.p50),
      handoff: `${num(tp.handoff.streamRate.p50)}${tp.handoff.errors ? `, ${tp.handoff.errors} errors` : ""}`,
      result: `ratio ${rate.toFixed(2)}`,
      target: `≥ ${TARGETS.throughputRatio}`,
      verdict: rate >= TARGETS.throughputRatio && tp.handoff.errors === 0 ? "met" : "missed",
    });
    const aggregate = tp.handoff.charsPerSecond / relayRate(tp);
    out.push({
      metric: `2b. all streams together, text chars/s of wall time (${load}): the instance's capacity`,
      relay: tp.relayAgain
        ? `${num(relayRate(tp))} (runs before and after Handoff: ${num(tp.relay.charsPerSecond)}, ${num(tp.relayAgain.charsPerSecond)})`
        : `${num(tp.relay.charsPerSecond)} (${num(tp.relay.framesPerSecond)} frames/s)`,
      handoff: `${num(tp.handoff.charsPerSecond)} (${num(tp.handoff.framesPerSecond)} frames/s)`,
      result: `ratio ${aggregate.toFixed(2)}`,
      target: "—",
      verdict: "reported",
    });
    if (tp.cluster) {
      const allCores = tp.cluster.charsPerSecond / relayRate(tp);
      out.push({
        metric: `2c. all streams together, \`npm start\` with ${workersOf(report)} workers (${load})`,
        relay: num(relayRate(tp)),
        handoff: `${num(tp.cluster.charsPerSecond)} (${num(tp.cluster.framesPerSecond)} frames/s)${tp.cluster.errors ? `, ${tp.cluster.errors} errors` : ""}`,
        result: `ratio ${allCores.toFixed(2)}`,
        target: `≥ ${TARGETS.throughputRatioAllCores.toFixed(1)}`,
        verdict: allCores >= TARGETS.throughputRatioAllCores && tp.cluster.errors === 0 ? "met" : "missed",
      });
    }
  } else out.push(notMeasured("2. sustained streaming rate ratio", failed(tp)));

  const ramp = p.ramp as RampPhase | undefined;
  if (ramp && !failed(ramp) && ramp.some((row) => row.handoff)) {
    const clean = (side: "relay" | "handoff" | "cluster") => {
      let best = 0;
      for (const row of ramp) {
        const r = row[side];
        if (!r || r.errors > 0) break;
        best = row.level;
      }
      return best;
    };
    const best = clean("handoff");
    const tested = ramp.map((r) => r.level).join("/");
    out.push({
      metric: `3. concurrent streams with 0 errors (ramp ${tested})`,
      relay: `${clean("relay")}`,
      handoff: `${best}`,
      result: `${best}`,
      target: `≥ ${TARGETS.concurrent}`,
      verdict: best >= TARGETS.concurrent ? "met" : "missed",
    });
    if (ramp.some((row) => row.cluster)) {
      const bestAllCores = clean("cluster");
      const at = ramp.find((row) => row.level === bestAllCores)?.cluster;
      out.push({
        metric: `3b. concurrent streams with 0 errors, \`npm start\` with ${workersOf(report)} workers (ramp ${tested})`,
        relay: `${clean("relay")}`,
        handoff: at ? `${bestAllCores}: first token ${ms(at.ttft.p50, 0)} / ${ms(at.ttft.p99, 0)}, ${perStream(at)} per open stream` : "0",
        result: `${bestAllCores}`,
        target: `≥ ${TARGETS.concurrentAllCores}`,
        verdict: bestAllCores >= TARGETS.concurrentAllCores ? "met" : "missed",
      });
    }
  } else out.push(notMeasured("3. concurrent streams with 0 errors", failed(ramp)));

  const resolve = p.resolve as ResolvePhase | undefined;
  if (resolve && !failed(resolve) && resolve.latency.n > 0) {
    out.push({
      metric: `4. resolve → first continuation event (p50 / p99, ${resolve.mode})`,
      relay: "—",
      handoff: `${ms(resolve.latency.p50)} / ${ms(resolve.latency.p99)}`,
      result: `${ms(resolve.latency.p50)} p50${resolve.errors ? `, ${resolve.errors} errors` : ""}`,
      target: `≤ ${TARGETS.resolveP50Ms} ms p50`,
      verdict: resolve.latency.p50 <= TARGETS.resolveP50Ms && resolve.errors === 0 ? "met" : "missed",
    });
  } else out.push(notMeasured("4. resolve → first continuation event", failed(resolve) ?? resolve?.errorSamples?.join("; ")));

  const snap = p.snapshot as SnapshotPhase | undefined;
  if (snap && !failed(snap) && snap.status === 200) {
    out.push({
      metric: `5. snapshot of a ${num(Number(report.config.snapshotMessages))}-message conversation (p50 / p99)`,
      relay: "—",
      handoff: `${ms(snap.time.p50)} / ${ms(snap.time.p99)}`,
      result: `${ms(snap.time.p50)} p50, ${kb(snap.bytes)}, ${snap.messagesReturned} messages in the page`,
      target: `≤ ${TARGETS.snapshotP50Ms} ms p50`,
      verdict: snap.time.p50 <= TARGETS.snapshotP50Ms ? "met" : "missed",
    });
  } else out.push(notMeasured("5. snapshot of a 1,000-message conversation", failed(snap) ?? (snap ? `HTTP ${snap.status}` : undefined)));

  const js = p.js as FirstLoadJs | undefined;
  if (js && !failed(js) && js.scripts > 0) {
    const pageOk = js.status === 200 && !Number.isNaN(js.composerMs);
    out.push({
      metric: "6. first-load JavaScript of the chat page (gzip): named by the HTML / all until idle",
      relay: "—",
      handoff: `${kb(js.initialGzipBytes)} (${js.initialScripts} files) / ${kb(js.gzipBytes)} (${js.scripts} files)`,
      result: pageOk
        ? kb(js.initialGzipBytes)
        : `${kb(js.initialGzipBytes)} (page answered ${js.status}${Number.isNaN(js.composerMs) ? ", no composer" : ""})`,
      target: `≤ ${TARGETS.firstLoadJsGzipBytes / 1000} kB`,
      verdict: pageOk ? (js.initialGzipBytes <= TARGETS.firstLoadJsGzipBytes ? "met" : "missed") : "not measured",
    });
  } else out.push(notMeasured("6. first-load JavaScript of the chat page", failed(js)));
  return out;
}

function notMeasured(metric: string, why?: string): Row {
  return { metric, relay: "—", handoff: "—", result: why ? why.slice(0, 200) : "phase not run", target: "", verdict: "not measured" };
}

const workersOf = (report: Report) => (report.config as { workers?: number }).workers ?? 0;

/** Memory per open stream (the serving processes' RSS with every request open, minus before, over the streams). */
function perStream(r: LoadResult): string {
  const bytes = r.memory?.perStreamBytes;
  return bytes === undefined || Number.isNaN(bytes) ? "—" : `${(bytes / 1024).toFixed(0)} KiB`;
}

function perAnswer(r: LoadResult, cpuKey: string[]): string {
  const cpu = cpuKey.reduce((a, k) => a + (r.cpuMs[k] ?? 0), 0);
  return `${(cpu / Math.max(1, r.ok)).toFixed(1)} ms`;
}

function details(report: Report): string[] {
  const out: string[] = [];
  const p = report.phases;
  const ttft = p.ttft as TtftPhase | undefined;
  if (ttft && !failed(ttft)) {
    out.push("### 1. Time to first token (one client at a time, alternating)");
    out.push(
      markdownTable(
        [
          "",
          "n",
          "headers p50",
          "request → model p50",
          "model's first token → client p50",
          "first token p50",
          "p90",
          "p99",
          "whole answer p50",
          "errors",
        ],
        (["relay", "handoff"] as const)
          .filter((k) => ttft[k])
          .map((k) => [
            k === "relay" ? "bare relay" : "Handoff",
            String(ttft[k].ttft.n),
            ms(ttft[k].headers.p50),
            ms(ttft[k].beforeModel?.p50 ?? Number.NaN),
            ms(ttft[k].afterModel?.p50 ?? Number.NaN),
            ms(ttft[k].ttft.p50),
            ms(ttft[k].ttft.p90),
            ms(ttft[k].ttft.p99),
            ms(ttft[k].total.p50),
            `${ttft[k].errors}${ttft[k].errorSamples.length ? ` (${ttft[k].errorSamples.join("; ")})` : ""}`,
          ]),
      ),
    );
  }
  const tp = p.throughput as ThroughputPhase | undefined;
  const loadRow = (label: string, r: LoadResult, cpu: string[]) => [
    label,
    `${r.ok}/${r.requests}`,
    (r.wallMs / 1000).toFixed(1),
    num(r.charsPerSecond),
    num(r.streamRate.p50),
    num(r.framesPerSecond),
    (r.frames / Math.max(1, r.ok)).toFixed(1),
    ms(r.ttft.p50, 0),
    ms(r.ttft.p99, 0),
    ms(r.duration.p50, 0),
    perAnswer(r, cpu),
  ];
  const loadHeader = [
    "",
    "ok",
    "wall s",
    "text chars/s",
    "per-stream rate p50",
    "frames/s",
    "frames/answer",
    "first token p50",
    "p99",
    "answer p50",
    "server CPU/answer",
  ];
  if (tp && !failed(tp)) {
    out.push(`### 2. Sustained throughput (${tp.relay.clients} concurrent clients, ${tp.relay.rounds} answers each)`);
    out.push(
      "Two readings of the same load. **Per stream** (the target's figure): each completed answer's text characters over the time from its " +
        "first to its last `text_delta` frame, that is the rate at which a reader sees an answer arrive once it has started, p50 over " +
        "the answers; the fake model sends at a fixed rate, so this shows whether storing, numbering and relaying the text slows a stream " +
        "down. **All streams together** (2b, the instance's capacity): the characters of all completed answers over the wall time from " +
        "the first request to the last stream's end; it includes the time answers wait to start, so it measures the CPU each answer " +
        "costs (a single Next.js process against a relay that does no work per request), which the concurrency ramp (3) also shows. " +
        "Frames differ between the two (the relay sends one per token, Handoff coalesces), text does not.",
    );
    out.push(
      markdownTable(loadHeader, [
        loadRow("bare relay", tp.relay, ["relay"]),
        ...(tp.handoff ? [loadRow("Handoff", tp.handoff, ["server", "postgres"])] : []),
        ...(tp.relayAgain ? [loadRow("bare relay, again", tp.relayAgain, ["relay"])] : []),
        ...(tp.cluster ? [loadRow(`Handoff, npm start (${workersOf(report)} workers)`, tp.cluster, ["cluster", "postgres"])] : []),
      ]),
    );
    out.push(cpuTable(tp));
    if (tp.handoff?.db) out.push(dbLine(tp.handoff));
    if (tp.handoff?.statements?.length) out.push(statementsTable(tp.handoff));
    for (const k of ["relay", "handoff", "cluster"] as const)
      if (tp[k]?.errorSamples.length) out.push(`${k} errors: ${tp[k].errorSamples.join("; ")}`);
  }
  const long = p.long as ThroughputPhase | undefined;
  if (long && !failed(long) && long.handoff) {
    out.push(
      `### 2 with longer answers (${report.config.longTokens} tokens each, ${long.relay.clients} concurrent clients, one answer each)`,
    );
    out.push(
      "Not a target: the same two readings with answers ten times longer, where the relay's per-frame cost weighs more and Handoff's per-answer cost less. " +
        `Per stream, ratio ${(long.handoff.streamRate.p50 / long.relay.streamRate.p50).toFixed(2)}; all streams together, ratio ${(long.handoff.charsPerSecond / long.relay.charsPerSecond).toFixed(2)}.`,
    );
    out.push(
      markdownTable(loadHeader, [loadRow("bare relay", long.relay, ["relay"]), loadRow("Handoff", long.handoff, ["server", "postgres"])]),
    );
    out.push(cpuTable(long));
    if (long.handoff.db) out.push(dbLine(long.handoff));
  }
  const ramp = p.ramp as RampPhase | undefined;
  if (ramp && !failed(ramp)) {
    out.push(`### 3. Concurrency ramp (each client ${report.config.rampRounds} answers in a row, a fresh conversation each)`);
    out.push(
      "Memory per open stream: the serving processes' resident memory (all of them for `npm start`), sampled every 100 ms " +
        "while every client's request was open (the highest sample), minus before the level, over the streams.",
    );
    const sides = [
      ["relay", "relay"],
      ["handoff", "Handoff"],
      ["cluster", `npm start (${workersOf(report)} workers)`],
    ] as const;
    const rowsOut: string[][] = [];
    for (const row of ramp) {
      for (const [side, label] of sides) {
        const r = row[side];
        if (!r) continue;
        rowsOut.push([
          `${row.level}`,
          label,
          `${r.ok}/${r.requests}`,
          num(r.charsPerSecond),
          ms(r.ttft.p50, 0),
          ms(r.ttft.p99, 0),
          ms(r.duration.p50, 0),
          perStream(r),
          side === "relay" ? (r.errorSamples[0] ?? "") : r.errorSamples.join("; "),
        ]);
      }
    }
    out.push(
      markdownTable(
        ["concurrent", "", "ok", "text chars/s", "first token p50", "p99", "answer p50", "memory/open stream", "errors"],
        rowsOut,
      ),
    );
    for (const [side, label] of sides.slice(1)) {
      const failures = ramp.flatMap((row) => (row[side]?.failures ?? []).map((f) => `${row.level} concurrent: ${f}`));
      if (failures.length) out.push(`${label}'s first failures: ${failures.slice(0, 5).join("; ")}.`);
    }
  }
  const resolve = p.resolve as ResolvePhase | undefined;
  if (resolve && !failed(resolve)) {
    out.push("### 4. Resolve → first continuation event");
    out.push(
      `A message makes the fake model call \`confirm_action\`; the run suspends on its card; \`POST /api/slots/{id}/resolve {"value":{"confirmed":true}}\` ` +
        `is timed from the request to the first event frame of the continuation (${resolve.mode === "resolve-stream" ? "on the resolve response, which streams" : "on an /events tail opened before resolving"}). ` +
        `n = ${resolve.latency.n}, p50 ${ms(resolve.latency.p50)}, p90 ${ms(resolve.latency.p90)}, p99 ${ms(resolve.latency.p99)}; first event types: ${JSON.stringify(resolve.firstEventTypes)}` +
        (resolve.errors ? `; ${resolve.errors} errors: ${resolve.errorSamples.join("; ")}` : "."),
    );
    if (resolve.byType && Object.keys(resolve.byType).length) {
      out.push("From the resolve request to, on its stream:");
      out.push(
        markdownTable(
          ["", "p50", "p90", "p99"],
          Object.entries(resolve.byType).map(([type, s]) => [
            type === "headers" ? "response headers" : `first \`${type}\``,
            ms(s.p50),
            ms(s.p90),
            ms(s.p99),
          ]),
        ),
      );
    }
  }
  const overhead = p.overhead as { probe: string; serverCpuMs: number; latency: Summary }[] | undefined;
  const snap = p.snapshot as SnapshotPhase | undefined;
  if (snap && !failed(snap)) {
    out.push("### 5. Snapshot load");
    out.push(
      `\`GET /api/conversations/{id}\` of a conversation with ${report.config.snapshotMessages} stored messages (seeded through PostgresStore.appendMessages), one request at a time over a kept-alive connection: ` +
        `n = ${snap.time.n}, p50 ${ms(snap.time.p50)}, p90 ${ms(snap.time.p90)}, p99 ${ms(snap.time.p99)}; answer ${kb(snap.bytes)} with ${snap.messagesReturned} messages. ` +
        `For scale, \`GET /api/health/live\` on the same connection: p50 ${ms(snap.health.p50)}.` +
        (snap.serverTiming ? ` Server-Timing: \`${snap.serverTiming}\`.` : ""),
    );
  }
  if (overhead && !failed(overhead)) {
    out.push("### The fixed cost of a request");
    out.push(
      "Server CPU per request (from /proc, 200 requests one at a time after 20 warm-up ones) and latency, for requests that do no chat work:",
    );
    out.push(
      markdownTable(
        ["request", "server CPU per request", "latency p50", "p99"],
        overhead.map((o) => [o.probe, ms(o.serverCpuMs), ms(o.latency.p50), ms(o.latency.p99)]),
      ),
    );
  }
  const js = p.js as FirstLoadJs | undefined;
  if (js && !failed(js)) {
    out.push("### 6. First-load JavaScript");
    out.push(
      `Chromium (playwright-core, /usr/bin/chromium, fresh context) loads \`/{org}/c/{id}\` signed in; every JavaScript response is gzipped here at level 6 and summed ` +
        `(the server sent ${js.encodings.join(", ")}; ${kb(js.transferredBytes)} as transferred). Page status ${js.status}, composer visible after ${ms(js.composerMs, 0)}. ` +
        `The scripts the server-rendered HTML names (\`<script src>\` and preloads: what the page needs to become interactive, Next's "First Load JS"): ${js.initialScripts} files, ${kb(js.initialGzipBytes)} gzip; that is the target's figure. ` +
        `Everything the page fetched until the network was idle, lazily imported chunks included: ${js.scripts} files, ${kb(js.rawBytes)} raw, ${kb(js.gzipBytes)} gzip. The largest, with what they visibly contain:`,
    );
    out.push(
      markdownTable(
        ["file", "gzip", "named by the HTML", "contains"],
        js.largest.slice(0, 12).map((l) => [path.basename(l.url), kb(l.gzipBytes), l.initial ? "yes" : "no (lazy)", l.contains.join(", ")]),
      ),
    );
  }
  return out;
}

function traceSection(report: Report): string[] {
  const trace = report.phases.trace as { message?: TraceResult; resolve?: TraceResult } | undefined;
  if (!trace || failed(trace) || !trace.message) return [];
  const out = ["### Where the time of one turn goes (a traced turn)"];
  out.push(
    "A second instance of the app on the same database, with a pg hook (`query-trace-hook.mjs`) that logs every query the server sends, " +
      "after warm-up turns; `npx tsx tests/bench/streaming/trace-turn.ts` prints the same for a fresh setup. One sample each, so single numbers move by a few ms.",
  );
  const rows = [trace.message, trace.resolve]
    .filter((t): t is TraceResult => Boolean(t))
    .map((t) => {
      const s = t.summary;
      return [
        s.label,
        ms(s.receivedMs),
        ms(s.firstQueryMs),
        `${s.queriesBeforeModel} (${ms(s.queryMsBeforeModel)})`,
        ms(s.modelRequestMs),
        ms(s.firstEventMs),
        ms(s.firstTextMs),
        ms(s.afterModelMs),
        String(s.queriesInAll),
        ms(s.totalMs),
      ];
    });
  out.push(
    markdownTable(
      [
        "request",
        "server got it",
        "first query",
        "queries before the model (time in them)",
        "model got its request",
        "first event",
        "first text",
        "model's first token → client",
        "queries in all",
        "stream ended",
      ],
      rows,
    ),
  );
  const cut = (t: TraceResult) => (Number.isFinite(t.summary.modelRequestMs) ? t.summary.modelRequestMs + 1 : t.summary.firstEventMs + 1);
  out.push("The message, up to the model call:");
  out.push("```text\n" + formatTrace(trace.message, cut(trace.message)) + "\n```");
  if (trace.resolve) {
    out.push("The card answer, up to its first event:");
    out.push("```text\n" + formatTrace(trace.resolve, trace.resolve.summary.firstEventMs + 1) + "\n```");
  }
  return out;
}

/** Sentences that tie each missed target to what the run measured. */
function findings(report: Report): string[] {
  const out: string[] = [];
  const p = report.phases;
  const ttft = p.ttft as TtftPhase | undefined;
  const trace = (p.trace as { message?: TraceResult } | undefined)?.message?.summary;
  if (ttft?.handoff && ttft.relay && !failed(ttft)) {
    const added = ttft.handoff.ttft.p50 - ttft.relay.ttft.p50;
    const before = (ttft.handoff.beforeModel?.p50 ?? Number.NaN) - (ttft.relay.beforeModel?.p50 ?? Number.NaN);
    const after = (ttft.handoff.afterModel?.p50 ?? Number.NaN) - (ttft.relay.afterModel?.p50 ?? Number.NaN);
    out.push(
      `**First token** (+${ms(added)} p50): ${ms(before)} of it is before the model call (request → model request: Handoff ${ms(ttft.handoff.beforeModel?.p50 ?? Number.NaN)}, relay ${ms(ttft.relay.beforeModel?.p50 ?? Number.NaN)}), ` +
        `${ms(after)} after it (model's first token → client: Handoff ${ms(ttft.handoff.afterModel?.p50 ?? Number.NaN)}, relay ${ms(ttft.relay.afterModel?.p50 ?? Number.NaN)}).` +
        (trace
          ? ` In the traced turn the server had the request after ${ms(trace.receivedMs)}, sent its first query after ${ms(trace.firstQueryMs)} (routing, middleware and the session before any query), ` +
            `then ${trace.queriesBeforeModel} queries one after the other (${ms(trace.queryMsBeforeModel)} inside them, the rest between them) before the model got its request at ${ms(trace.modelRequestMs)}.`
          : ""),
    );
  }
  const tp = p.throughput as ThroughputPhase | undefined;
  if (tp?.handoff && !failed(tp)) {
    const h = tp.handoff;
    const r = tp.relay;
    const per = (x: LoadResult, keys: string[]) => keys.reduce((a, k) => a + (x.cpuMs[k] ?? 0), 0) / Math.max(1, x.ok);
    const statements = h.statements?.reduce((a, s) => a + s.calls, 0);
    const notify = h.statements?.find((s) => /^select pg_notify/i.test(s.query))?.calls ?? 0;
    const append = h.statements?.find((s) => s.query.includes('"lastEventSeq" = "lastEventSeq" +'))?.calls ?? 0;
    const serverCores = (h.cpuMs.server ?? 0) / h.wallMs;
    const overhead = p.overhead as { probe: string; serverCpuMs: number }[] | undefined;
    const requestCost = overhead && !failed(overhead) ? overhead.at(-1) : undefined;
    out.push(
      `**Throughput**: per stream, an answer reaches its reader at ${num(h.streamRate.p50)} chars/s p50 against the relay's ${num(relayStreamRate(tp))} (ratio ${(h.streamRate.p50 / relayStreamRate(tp)).toFixed(2)}): ` +
        "once started, storing and relaying the text does not slow a stream below the relay's pace, and coalescing makes fewer, larger frames. " +
        `All streams together (the capacity, ratio ${(h.charsPerSecond / relayRate(tp)).toFixed(2)}) ` +
        "is bound by CPU per answer: " +
        `the Next server process ran at ${serverCores.toFixed(2)} cores during the Handoff phase${serverCores > 0.85 ? " (its one JavaScript thread is the limit: a single instance cannot use more)" : ""}, the relay at ${((r.cpuMs.relay ?? 0) / r.wallMs).toFixed(2)}. ` +
        (h.machineBusyMs / h.wallMs >= 1.8 ? "The two cores are saturated, so throughput is the inverse of CPU per answer. " : "") +
        `Handoff costs ${per(h, ["server", "postgres"]).toFixed(1)} ms of CPU per answer (Next server ${per(h, ["server"]).toFixed(1)}, PostgreSQL ${per(h, ["postgres"]).toFixed(1)}); the relay ${per(r, ["relay"]).toFixed(1)} ms. ` +
        `It is not per-frame cost: Handoff sends ${(h.frames / Math.max(1, h.ok)).toFixed(0)} frames per answer against the relay's ${(r.frames / Math.max(1, r.ok)).toFixed(0)}. ` +
        (statements !== undefined
          ? `Per answer the database sees about ${(statements / Math.max(1, h.requests)).toFixed(0)} statements, of which ${(append / Math.max(1, h.requests)).toFixed(1)} event appends` +
            (notify
              ? ` and ${(notify / Math.max(1, h.requests)).toFixed(1)} separate \`pg_notify\` round trips (one of each per run event)`
              : " (each also announces its events: no separate `pg_notify`)") +
            `, and ${h.db ? (h.db.transactions / Math.max(1, h.requests)).toFixed(0) : "?"} commits. `
          : "") +
        (requestCost
          ? `A request that only authenticates (${requestCost.probe}) costs the server ${requestCost.serverCpuMs.toFixed(1)} ms of CPU.`
          : ""),
    );
    const long = p.long as ThroughputPhase | undefined;
    if (long?.handoff && !failed(long)) {
      const frames = (x: LoadResult) => x.frames / Math.max(1, x.ok);
      const timing = report.config.timing as { tokens: number } | undefined;
      const extraTokens = Number(report.config.longTokens) - (timing?.tokens ?? Number.NaN);
      if (extraTokens > 0) {
        const perThousand = (cpu: (x: LoadResult) => number, a: LoadResult, b: LoadResult) => ((cpu(b) - cpu(a)) / extraTokens) * 1000;
        const server = perThousand((x) => per(x, ["server"]), h, long.handoff);
        const postgres = perThousand((x) => per(x, ["postgres"]), h, long.handoff);
        const relay = perThousand((x) => per(x, ["relay"]), r, long.relay);
        const fixedServer = per(h, ["server"]) - (server * (timing?.tokens ?? 0)) / 1000;
        out.push(
          `**Per answer and per token**: from the two answer lengths (${timing?.tokens} and ${report.config.longTokens} tokens; ${frames(h).toFixed(0)} and ${frames(long.handoff).toFixed(0)} frames per answer, ` +
            `text coalescing growing with load), each further 1,000 tokens of answer cost about ${server.toFixed(1)} ms of server CPU and ${postgres.toFixed(1)} ms of PostgreSQL CPU ` +
            `(the model's stream parsed, text coalesced, stored, numbered, announced and streamed), against ${relay.toFixed(1)} ms for the relay (a frame per token); ` +
            `what does not grow with the answer costs the server about ${fixedServer.toFixed(0)} ms per answer. ` +
            `With ${long.relay.clients} concurrent ${report.config.longTokens}-token answers the all-streams ratio is ${(long.handoff.charsPerSecond / long.relay.charsPerSecond).toFixed(2)} ` +
            `and the per-stream ratio ${(long.handoff.streamRate.p50 / long.relay.streamRate.p50).toFixed(2)}.`,
        );
      }
    }
  }
  const ramp = p.ramp as RampPhase | undefined;
  if (ramp && !failed(ramp)) {
    const slow = ramp.filter((row) => row.handoff && row.handoff.ttft.p50 > 1000).map((row) => row.level);
    if (slow.length)
      out.push(
        `**Concurrency**: no errors, but from ${slow[0]} concurrent answers on, Handoff's first token takes more than a second at p50 (the CPU per answer above, queued).`,
      );
  }
  const js = p.js as FirstLoadJs | undefined;
  if (js && !failed(js) && js.initialGzipBytes > TARGETS.firstLoadJsGzipBytes) {
    const by = new Map<string, number>();
    for (const file of js.largest.filter((f) => f.initial)) {
      const lib = file.contains[0] ?? "app code and smaller libraries";
      by.set(lib, (by.get(lib) ?? 0) + file.gzipBytes);
    }
    out.push(
      `**First-load JavaScript** (${kb(js.initialGzipBytes)} named by the HTML): by the first library recognisable in each chunk: ${[...by]
        .sort((a, b) => b[1] - a[1])
        .map(([lib, bytes]) => `${lib} ${kb(bytes)}`)
        .join(", ")}. ` +
        "`js-composition.ts` breaks chunks down by package when the build has browser source maps (see tests/bench/README.md).",
    );
  }
  return out;
}

function cpuTable(tp: ThroughputPhase): string {
  const keys = ["server", "cluster", "postgres", "relay", "fakeModel", "driver"];
  const line = (label: string, r: LoadResult) => {
    const ours = keys.reduce((a, k) => a + (r.cpuMs[k] ?? 0), 0);
    return [
      label,
      ...keys.map((k) => `${((r.cpuMs[k] ?? 0) / Math.max(1, r.ok)).toFixed(1)}`),
      `${(r.machineBusyMs / r.wallMs).toFixed(2)}`,
      `${(Math.max(0, r.machineBusyMs - ours) / r.wallMs).toFixed(2)}`,
    ];
  };
  return (
    "CPU milliseconds per completed answer, by process (from /proc), the machine's busy cores during the phase (2.00 = both cores saturated) and how much of that was other work on the machine:\n\n" +
    markdownTable(
      [
        "",
        "Next server",
        "npm start workers",
        "PostgreSQL",
        "bare relay",
        "fake model",
        "load driver",
        "busy cores",
        "of which other processes and the kernel",
      ],
      [
        line("bare relay phase", tp.relay),
        ...(tp.handoff ? [line("Handoff phase", tp.handoff)] : []),
        ...(tp.cluster ? [line("npm start phase", tp.cluster)] : []),
      ],
    )
  );
}

function statementsTable(r: LoadResult): string {
  const per = (n: number) => (n / Math.max(1, r.requests)).toFixed(1);
  const all = r.statements!;
  const calls = all.reduce((a, s) => a + s.calls, 0);
  return (
    `The most frequent statements of the Handoff phase (pg_stat_statements, top ${all.length}: ${per(calls)} per answer in all):\n\n` +
    markdownTable(
      ["per answer", "mean ms", "statement"],
      all
        .slice(0, 15)
        .map((s) => [
          per(s.calls),
          (s.totalMs / Math.max(1, s.calls)).toFixed(2),
          `\`${s.query.slice(0, 110)}${s.query.length > 110 ? "…" : ""}\``,
        ]),
    )
  );
}

function dbLine(r: LoadResult): string {
  const db = r.db!;
  const per = (n: number) => (n / Math.max(1, r.requests)).toFixed(1);
  const tables = Object.entries(db.tables)
    .sort((a, b) => b[1].ins + b[1].upd - (a[1].ins + a[1].upd))
    .slice(0, 8)
    .map(([name, t]) => `${name} +${per(t.ins)}/~${per(t.upd)}`)
    .join(", ");
  const scans = Object.entries(db.tables)
    .filter(([, t]) => t.seqScan > 0)
    .sort((a, b) => b[1].seqScan - a[1].seqScan)
    .map(([name, t]) => `${name} ${per(t.seqScan)}`)
    .join(", ");
  return `Database work per answer (Handoff phase): ${per(db.transactions)} committed transactions; rows inserted/updated per table: ${tables}; sequential scans per table: ${scans || "none"}.`;
}

export function writeReport(report: Report, options: { writeDocs: boolean; log: (line: string) => void }): void {
  const table = rows(report);
  process.stdout.write(
    `\nChat streaming benchmark, ${report.date}, commit ${report.commit}\n${report.machine.cpu}, ${report.machine.memory}, ${report.machine.node}\n\n` +
      textTable(
        ["metric", "bare relay", "Handoff", "result", "target", "verdict"],
        table.map((r) => [r.metric, r.relay, r.handoff, r.result, r.target, r.verdict]),
      ) +
      "\n\n",
  );
  const jsonPath = path.join(repoRoot, ".data", "bench-streaming-last.json");
  try {
    writeFileSync(jsonPath, JSON.stringify(report, null, 2));
    options.log(`raw results: ${path.relative(repoRoot, jsonPath)}`);
  } catch {
    // .data may not exist; the raw JSON is a convenience
  }
  if (!options.writeDocs) return;
  const section = renderSection(report, table);
  const file = path.join(repoRoot, "docs", "benchmarks.md");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  writeFileSync(file, replaceSection(current, "## Chat streaming", section));
  options.log(`wrote the "## Chat streaming" section of docs/benchmarks.md`);
}

function renderSection(report: Report, table: Row[]): string {
  const t = report.config.timing as { timeToFirstTokenMs: number; tokens: number; interTokenDelayMs: number };
  const lines = [
    "## Chat streaming",
    "",
    "<!-- Written by tests/bench/streaming/run.ts: edit the script, not this section. -->",
    "",
    `- Date: ${report.date}`,
    `- Command: \`${report.command}\` (after \`npm run build\`), commit ${report.commit}`,
    `- Machine: ${report.machine.cpu}, ${report.machine.memory}, ${report.machine.os}, Node ${report.machine.node}; load average at start ${report.machine.loadavg}, ${report.machine.otherLoadAtStart ?? "other work not measured"}. ` +
      "The load driver, the fake model, the server under test and PostgreSQL share these cores, as in ../shared/DESIGN.md's figures.",
    `- Workload: a fake Anthropic Messages API (tests/support/fake-providers/anthropic.ts, its own process) answers every request after ${t.timeToFirstTokenMs} ms ` +
      `with ${t.tokens} text tokens ${t.interTokenDelayMs} ms apart (${report.config.expectedChars} characters). ` +
      "The **bare relay** is a node:http server that streams each text delta of `@anthropic-ai/sdk` to its client as one SSE frame. " +
      "**Handoff** is `next start` on the production build with a fresh embedded PostgreSQL, organizations whose agent settings use provider `anthropic` " +
      `at the fake's base URL with a dummy key (${report.config.accounts} signed-in accounts shared by the clients), a fresh conversation per answer, ` +
      "`POST /api/conversations/{id}/messages` read as an event stream until `run_completed`. " +
      `The server runs with the production defaults, not the e2e harness's fast ones: ${Object.entries(
        (report.config.serverSettings as Record<string, string>) ?? {},
      )
        .map(([k, v]) => `${k}=${v}`)
        .join(", ")} (the last lifts the per-user abuse limit: the clients share a few users). ` +
      (report.config.durablePostgres
        ? "PostgreSQL 18 (embedded) runs with its default, durable settings (fsync and synchronous_commit on), as a deployment would."
        : "PostgreSQL 18 (embedded) runs with the test clusters' settings (fsync=off, synchronous_commit=off): commits cost less than in a deployment."),
    "",
    markdownTable(
      ["metric", "bare relay", "Handoff", "result", "target", "met"],
      table.map((r) => [
        r.metric,
        r.relay,
        r.handoff,
        r.result,
        r.target,
        r.verdict === "met" ? "yes" : r.verdict === "missed" ? "**no**" : r.verdict === "reported" ? "—" : "not measured",
      ]),
    ),
    "",
    ...(findings(report).length ? ["### Findings", "", ...findings(report).flatMap((f) => [`- ${f}`]), ""] : []),
    ...details(report).flatMap((d) => [d, ""]),
    ...traceSection(report).flatMap((d) => [d, ""]),
  ];
  if (report.notes.length) lines.push("### Notes", "", ...report.notes.map((n) => `- ${n}`), "");
  return lines.join("\n");
}

/** Replaces the section that starts with `heading` (up to the next "## " heading) or appends it. */
export function replaceSection(document: string, heading: string, section: string): string {
  const lines = document.split("\n");
  const start = lines.findIndex((l) => l.trim() === heading);
  const body = section.trimEnd().split("\n");
  if (start === -1) {
    const trimmed = document.trimEnd();
    return `${trimmed}\n\n${body.join("\n")}\n`;
  }
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end === -1) end = lines.length;
  const after = lines.slice(end);
  return [...lines.slice(0, start), ...body, ...(after.length ? ["", ...after] : [""])].join("\n");
}
