/**
 * Child process: the fake Anthropic Messages API both contestants stream from
 * (tests/support/fake-providers/anthropic.ts), with a fixed time to first token and token rate.
 * Prints one JSON line {"url": ...} when listening, then `@<epoch ms>` when each request arrives;
 * exits when its stdin closes (the parent died).
 *
 * Replies, by the last message of the request:
 * - a user message carrying a tool_result: a short text answer (the continuation after a card);
 * - a user message containing CONFIRM_MARKER: a tool_use of `confirm_action` (a card that waits);
 * - a user message containing `[bench:tokens=N]`: N tokens of text;
 * - anything else: BENCH_TOKENS tokens of text.
 */
import { anthropicText, anthropicToolUse, startFakeAnthropic, type AnthropicRequestBody } from "../../support/fake-providers/anthropic";
import { CONFIRM_MARKER, TOKEN_TEXT, TOKENS_MARKER_PATTERN, benchTiming } from "./scenario";

const timing = benchTiming(process.env);
let calls = 0;

const server = await startFakeAnthropic((request) => {
  // When each request arrived (epoch ms, sub-millisecond), for the driver to split a first-token time into before and after the model.
  process.stdout.write(`@${(performance.timeOrigin + performance.now()).toFixed(3)}\n`);
  const body = request.body as AnthropicRequestBody;
  const last = body?.messages?.at(-1);
  const content = last?.content;
  if (Array.isArray(content) && content.some((block) => block.type === "tool_result")) {
    return anthropicText("Done: the report was sent to the team.", timing);
  }
  const text = typeof content === "string" ? content : JSON.stringify(content ?? "");
  if (text.includes(CONFIRM_MARKER)) {
    calls += 1;
    return anthropicToolUse(
      {
        id: `toolu_bench_${process.pid}_${calls}`,
        name: "confirm_action",
        input: { title: "Send the weekly report", message: "Send the weekly report to the whole team now?" },
      },
      timing,
    );
  }
  const tokens = Number(text.match(TOKENS_MARKER_PATTERN)?.[1] ?? timing.tokens);
  return anthropicText(TOKEN_TEXT(Math.min(tokens, 20_000)), timing);
});

// The fake records every request for assertions; a benchmark sends thousands, so forget them.
setInterval(() => {
  server.requests.length = 0;
}, 1000).unref();

process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));
process.on("SIGTERM", () => process.exit(0));
