/** What both contestants stream: the fixed workload of the benchmark. */

/** A user message containing this makes the fake model call `confirm_action` (a card that waits). */
export const CONFIRM_MARKER = "[bench:confirm]";

/** A user message containing this gets an answer of `count` tokens instead of the default. */
export const tokensMarker = (count: number) => `[bench:tokens=${count}]`;
export const TOKENS_MARKER_PATTERN = /\[bench:tokens=(\d+)\]/;

export const DEFAULTS = { timeToFirstTokenMs: 50, tokens: 200, interTokenDelayMs: 2 };

export function benchTiming(env: Record<string, string | undefined>) {
  const read = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return env[name] !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  return {
    timeToFirstTokenMs: read("BENCH_TTFT_MS", DEFAULTS.timeToFirstTokenMs),
    interTokenDelayMs: read("BENCH_INTER_TOKEN_MS", DEFAULTS.interTokenDelayMs),
    tokens: read("BENCH_TOKENS", DEFAULTS.tokens),
  };
}

const WORDS = ["stream", "token", "handoff", "agent", "relay", "frame", "event", "latency", "server", "client"];

/** `count` tokens as the fake's tokenizer splits them (a word and the space after it). */
export function TOKEN_TEXT(count: number): string {
  return Array.from({ length: count }, (_, i) => WORDS[i % WORDS.length]).join(" ");
}

/** Characters of model text in one full answer. */
export const expectedTextChars = (count: number) => TOKEN_TEXT(count).length;
