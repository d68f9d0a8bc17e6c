import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { startAppServer, type AppServer } from "../../support/app-server";
import type { Account } from "./handoff";
import { CONFIRM_MARKER } from "./scenario";
import type { StreamResult } from "./sse-client";

/**
 * One turn of Handoff, millisecond by millisecond: when the server got the request, every database
 * query it sent (start and duration, from query-trace-hook.mjs loaded into `next start`), when the
 * fake model got its request and sent its first token, and when each frame reached the client.
 * All times are on this process's performance.now() clock, relative to the request.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

export interface TraceLine {
  /** ms after the request was sent */
  at: number;
  text: string;
}

export interface TraceSummary {
  label: string;
  /** Request sent → the server's HTTP layer got it. */
  receivedMs: number;
  /** Request sent → the first database query. */
  firstQueryMs: number;
  /** Queries sent before the model got its request, and the time they took (sum of their durations). */
  queriesBeforeModel: number;
  queryMsBeforeModel: number;
  /** Request sent → the fake model got its request (NaN when the turn made no model call). */
  modelRequestMs: number;
  /** Request sent → the first event frame / the first text at the client. */
  firstEventMs: number;
  firstTextMs: number;
  /** The model's first token → the client's first text. */
  afterModelMs: number;
  /** Queries until the stream ended, and text_delta frames the client got. */
  queriesInAll: number;
  textFrames: number;
  totalMs: number;
}

export interface TraceResult {
  summary: TraceSummary;
  lines: TraceLine[];
}

/** A server of the same database with the query hook loaded (the benchmark's own server stays unhooked). */
export async function startTracedServer(databaseUrl: string, env: Record<string, string>): Promise<{ app: AppServer; traceFile: string }> {
  const traceFile = path.join(mkdtempSync(path.join(os.tmpdir(), "handoff-trace-")), "queries.log");
  const app = await startAppServer({
    databaseUrl,
    env: { ...env, NODE_OPTIONS: `--import ${path.join(here, "query-trace-hook.mjs")}`, BENCH_QUERY_TRACE: traceFile },
  });
  return { app, traceFile };
}

/**
 * Warm-up turns, then one traced turn: a message (`kind: "message"`), or the answer to a
 * confirm_action card (`kind: "resolve"`). `arrivals()` lists when the fake model got requests.
 */
export async function traceTurn(options: {
  account: Account;
  traceFile: string;
  arrivals: () => number[];
  timeToFirstTokenMs: number;
  kind: "message" | "resolve";
  warmups: number;
}): Promise<TraceResult> {
  const { account, kind } = options;
  const turn = async (text: string) => {
    const conversationId = await account.createConversation();
    return account.sendMessage(conversationId, text, { timeoutMs: 30_000 }).done;
  };
  const confirmTurn = async (text: string) => {
    const result = await turn(`${CONFIRM_MARKER} ${text}`);
    const slotId = (result.events.find((e) => e.type === "slot_push")?.data as { slot?: { id?: string } } | undefined)?.slot?.id;
    if (!slotId) throw new Error(`the turn pushed no card (events: ${result.events.map((e) => e.type).join(",")})`);
    return slotId;
  };
  const resolve = (slotId: string) =>
    account.stream(`/api/slots/${encodeURIComponent(slotId)}/resolve`, {
      method: "POST",
      body: JSON.stringify({ value: { confirmed: true } }),
      timeoutMs: 30_000,
    }).done;

  for (let i = 0; i < options.warmups; i++) {
    if (kind === "message") await turn(`Warm-up ${i}: tell me a story.`);
    else await resolve(await confirmTurn(`Warm-up ${i}.`));
  }

  let traced: StreamResult;
  let label: string;
  if (kind === "message") {
    const conversationId = await account.createConversation();
    await new Promise((r) => setTimeout(r, 300));
    label = "POST /api/conversations/{id}/messages";
    traced = await account.sendMessage(conversationId, "Tell me a story.", { timeoutMs: 30_000 }).done;
  } else {
    const slotId = await confirmTurn("Send the weekly report.");
    await new Promise((r) => setTimeout(r, 300));
    label = "POST /api/slots/{id}/resolve";
    traced = await resolve(slotId);
  }
  await new Promise((r) => setTimeout(r, 300));

  const t0 = traced.startedAt;
  const end = traced.endAt;
  const rel = (at: number) => at - t0;
  const lines: TraceLine[] = [{ at: 0, text: `client: ${label} sent` }];
  if (!Number.isNaN(traced.headersAt)) lines.push({ at: rel(traced.headersAt), text: "client: response headers" });
  for (const event of traced.events) lines.push({ at: rel(event.at), text: `client: event ${event.type} (seq ${event.seq})` });
  if (!Number.isNaN(traced.firstTextAt))
    lines.push({ at: rel(traced.firstTextAt), text: `client: first text_delta (${traced.textFrames} text frames in all)` });
  const modelAt = options.arrivals().filter((a) => a >= t0 && a <= end);
  for (const at of modelAt) {
    lines.push({ at: rel(at), text: "model: the fake model got its request" });
    lines.push({ at: rel(at) + options.timeToFirstTokenMs, text: `model: first token sent (${options.timeToFirstTokenMs} ms later)` });
  }
  let received = Number.NaN;
  const queries: { at: number; ms: number }[] = [];
  for (const row of readFileSync(options.traceFile, "utf8").split("\n")) {
    const match = row.match(/^([\d.]+) ([\d.]+) (.*?)(?: @c\d+)?$/);
    if (!match) continue;
    const at = Number(match[1]) - performance.timeOrigin;
    if (at < t0 - 1 || at > end) continue;
    if (match[3].startsWith("http ")) {
      if (Number.isNaN(received)) received = rel(at);
      lines.push({ at: rel(at), text: `server: ${match[3]} received` });
      continue;
    }
    queries.push({ at: rel(at), ms: Number(match[2]) });
    lines.push({ at: rel(at), text: `db ${Number(match[2]).toFixed(2).padStart(6)} ms  ${match[3].slice(0, 120)}` });
  }
  lines.sort((a, b) => a.at - b.at);
  const modelRequest = modelAt.length ? rel(modelAt[0]) : Number.NaN;
  const before = queries.filter((q) => Number.isNaN(modelRequest) || q.at < modelRequest);
  return {
    summary: {
      label,
      receivedMs: received,
      firstQueryMs: queries[0]?.at ?? Number.NaN,
      queriesBeforeModel: before.length,
      queryMsBeforeModel: before.reduce((a, q) => a + q.ms, 0),
      modelRequestMs: modelRequest,
      firstEventMs: rel(traced.firstEventAt),
      firstTextMs: rel(traced.firstTextAt),
      afterModelMs: rel(traced.firstTextAt) - (modelRequest + options.timeToFirstTokenMs),
      queriesInAll: queries.length,
      textFrames: traced.textFrames,
      totalMs: rel(end),
    },
    lines,
  };
}

export function formatTrace(result: TraceResult, until = Number.POSITIVE_INFINITY): string {
  const s = result.summary;
  return [
    `${s.label}: ${s.queriesInAll} queries until the stream ended after ${s.totalMs.toFixed(1)} ms; ` +
      `${s.queriesBeforeModel} before the model call (${s.queryMsBeforeModel.toFixed(1)} ms waiting on them)`,
    ...result.lines.filter((l) => l.at <= until).map((l) => `+${l.at.toFixed(1).padStart(7)} ms  ${l.text}`),
  ].join("\n");
}
