/**
 * The timeline of one chat turn in Handoff, millisecond by millisecond (see trace.ts): every
 * database query the server sends, when the fake model got its request, and when each SSE frame
 * reached the client. Shows what stands between a POST and the first token. After `npm run build`:
 *
 *   npx tsx tests/bench/streaming/trace-turn.ts [warm-up turns, default 5] [confirm]
 *
 * With `confirm`, the traced request is `POST /api/slots/{id}/resolve` of a confirm_action card.
 */
import { performance } from "node:perf_hooks";
import { anthropicText, anthropicToolUse, startFakeAnthropic, type AnthropicRequestBody } from "../../support/fake-providers/anthropic";
import { ALLOW_PRIVATE_MODEL_URLS_ENV, AUTH_SECRET, Account, PRODUCTION_SETTINGS, startHandoff } from "./handoff";
import { CONFIRM_MARKER, TOKEN_TEXT, benchTiming } from "./scenario";
import { formatTrace, startTracedServer, traceTurn } from "./trace";

const warmups = Number(process.argv[2] ?? 5);
const kind = process.argv[3] === "confirm" ? "resolve" : "message";
const timing = benchTiming(process.env);

const arrivals: number[] = [];
let calls = 0;
const fake = await startFakeAnthropic((request) => {
  arrivals.push(performance.now());
  const content = (request.body as AnthropicRequestBody).messages.at(-1)?.content;
  if (Array.isArray(content) && content.some((b) => b.type === "tool_result"))
    return anthropicText("Done: the report was sent to the team.", timing);
  if (JSON.stringify(content ?? "").includes(CONFIRM_MARKER)) {
    return anthropicToolUse(
      { id: `toolu_trace_${++calls}`, name: "confirm_action", input: { title: "Send the weekly report", message: "Send it now?" } },
      timing,
    );
  }
  return anthropicText(TOKEN_TEXT(timing.tokens), timing);
});
const handoff = await startHandoff();
const traced = await startTracedServer(handoff.databaseUrl, { ...PRODUCTION_SETTINGS, AUTH_SECRET, [ALLOW_PRIVATE_MODEL_URLS_ENV]: "1" });
try {
  const account = await Account.signUp(traced.app.baseURL, "trace");
  await account.useFakeAnthropic(fake.url);
  const result = await traceTurn({
    account,
    traceFile: traced.traceFile,
    arrivals: () => arrivals,
    timeToFirstTokenMs: timing.timeToFirstTokenMs,
    kind,
    warmups,
  });
  console.log(`\n${formatTrace(result)}\n`);
  console.log(JSON.stringify(result.summary, null, 2));
} finally {
  await traced.app.stop();
  await handoff.stop();
  await fake.close();
}
