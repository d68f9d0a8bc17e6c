/**
 * The timeline of one chat turn in Handoff, millisecond by millisecond: every database query the
 * server sends (start and duration, from a pg hook loaded into `next start`), when the fake model
 * got its request, and when each SSE frame reached the client. Shows what stands between a POST
 * and the first token. After `npm run build`:
 *
 *   npx tsx tests/bench/streaming/trace-turn.ts [warm-up turns, default 5]
 *
 * Add `confirm` as a second argument to trace a card answer instead: the message makes the model
 * call confirm_action, and the timeline is that of `POST /api/slots/{id}/resolve`.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { anthropicText, anthropicToolUse, startFakeAnthropic, type AnthropicRequestBody } from "../../support/fake-providers/anthropic";
import { Account, startHandoff } from "./handoff";
import { CONFIRM_MARKER, TOKEN_TEXT, benchTiming } from "./scenario";
import type { StreamResult } from "./sse-client";

const here = path.dirname(fileURLToPath(import.meta.url));
const warmups = Number(process.argv[2] ?? 5);
const traceResolve = process.argv[3] === "confirm";
const timing = benchTiming(process.env);
const epoch = () => performance.timeOrigin + performance.now();

const arrivals: number[] = [];
let calls = 0;
const fake = await startFakeAnthropic((request) => {
  arrivals.push(epoch());
  const body = request.body as AnthropicRequestBody;
  const content = body.messages.at(-1)?.content;
  if (Array.isArray(content) && content.some((b) => b.type === "tool_result")) return anthropicText("Done: the report was sent to the team.", timing);
  if (JSON.stringify(content ?? "").includes(CONFIRM_MARKER)) {
    return anthropicToolUse({ id: `toolu_trace_${++calls}`, name: "confirm_action", input: { title: "Send the weekly report", message: "Send it now?" } }, timing);
  }
  return anthropicText(TOKEN_TEXT(timing.tokens), timing);
});
const traceFile = path.join(mkdtempSync(path.join(os.tmpdir(), "handoff-trace-")), "queries.log");
const handoff = await startHandoff({
  env: { NODE_OPTIONS: `--import ${path.join(here, "query-trace-hook.mjs")}`, BENCH_QUERY_TRACE: traceFile },
});
try {
  const account = await Account.signUp(handoff.app.baseURL, "trace");
  await account.useFakeAnthropic(fake.url);
  const turn = async (text: string) => {
    const conversationId = await account.createConversation();
    return { conversationId, result: await account.sendMessage(conversationId, text, { timeoutMs: 30_000 }).done };
  };
  for (let i = 0; i < warmups; i++) await turn(traceResolve ? `${CONFIRM_MARKER} warm-up ${i}` : `Warm-up ${i}`);

  let traced: StreamResult;
  let label: string;
  if (traceResolve) {
    const { result } = await turn(`${CONFIRM_MARKER} Send the weekly report.`);
    const slotId = (result.events.find((e) => e.type === "slot_push")?.data as { slot: { id: string } }).slot.id;
    await new Promise((r) => setTimeout(r, 200));
    label = `POST /api/slots/${slotId}/resolve`;
    traced = await account.stream(`/api/slots/${encodeURIComponent(slotId)}/resolve`, { method: "POST", body: JSON.stringify({ value: { confirmed: true } }), timeoutMs: 30_000 }).done;
  } else {
    const conversationId = await account.createConversation();
    await new Promise((r) => setTimeout(r, 200));
    label = `POST /api/conversations/${conversationId}/messages`;
    traced = await account.sendMessage(conversationId, "Tell me a story.", { timeoutMs: 30_000 }).done;
  }
  const t0 = performance.timeOrigin + traced.startedAt;
  const end = performance.timeOrigin + traced.endAt;
  await new Promise((r) => setTimeout(r, 300));

  type Line = { at: number; text: string };
  const lines: Line[] = [{ at: t0, text: `client: ${label} sent` }];
  if (!Number.isNaN(traced.headersAt)) lines.push({ at: performance.timeOrigin + traced.headersAt, text: "client: response headers" });
  for (const event of traced.events) lines.push({ at: performance.timeOrigin + event.at, text: `client: event ${event.type} (seq ${event.seq})` });
  if (!Number.isNaN(traced.firstTextAt)) lines.push({ at: performance.timeOrigin + traced.firstTextAt, text: "client: first text_delta" });
  for (const at of arrivals.filter((a) => a >= t0 && a <= end)) {
    lines.push({ at, text: "MODEL: request arrived at the fake model" });
    lines.push({ at: at + timing.timeToFirstTokenMs, text: `MODEL: first token sent (${timing.timeToFirstTokenMs} ms later)` });
  }
  let queries = 0;
  let queryMs = 0;
  for (const row of readFileSync(traceFile, "utf8").split("\n")) {
    const match = row.match(/^([\d.]+) ([\d.]+) (.*)$/);
    if (!match) continue;
    const at = Number(match[1]);
    if (at < t0 - 1 || at > end) continue;
    if (match[3].startsWith("http ")) {
      lines.push({ at, text: `server: ${match[3]} received` });
      continue;
    }
    queries += 1;
    queryMs += Number(match[2]);
    lines.push({ at, text: `db ${Number(match[2]).toFixed(2).padStart(6)} ms  ${match[3].slice(0, 120)}` });
  }
  lines.sort((a, b) => a.at - b.at);
  console.log(`\n${label}: ${queries} queries (${queryMs.toFixed(1)} ms waiting on them in all) until the stream ended after ${(end - t0).toFixed(1)} ms\n`);
  for (const line of lines) {
    console.log(`+${(line.at - t0).toFixed(1).padStart(7)} ms  ${line.text}`);
  }
  console.log(`\nfirst text at the client: +${(traced.firstTextAt - traced.startedAt).toFixed(1)} ms`);
} finally {
  await handoff.stop();
  await fake.close();
}
