import type { Message } from "./messages";
import type { TokenUsage } from "./model-adapter";

/**
 * What a call stopped mid-stream spent, when the provider reported nothing (a stream cut short
 * never gets its usage event): the input sent and the text streamed, at about four characters a
 * token (the same rule as compaction's estimate). Counting nothing would show a stopped answer as free.
 */
export function estimateStoppedUsage(sent: Message[], streamed: string): TokenUsage {
  return { tokens_in: Math.ceil(JSON.stringify(sent).length / 4), tokens_out: Math.ceil(streamed.length / 4) };
}
