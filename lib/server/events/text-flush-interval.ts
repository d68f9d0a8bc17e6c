import { TEXT_FLUSH_INTERVAL_MS } from "./run-event-recorder";

/** Conversations streaming at once on this instance up to which text is written every 50 ms. */
const QUIET_UP_TO = 20;
const LONGEST_MS = 250;

/**
 * How long streamed text is held before it is stored, for this instance's load: every stored
 * event costs a database write and a frame per reader, so with many conversations streaming the
 * text goes out in fewer, larger pieces (50 ms up to 20 conversations, growing to 250 ms at 100);
 * a single reader's stream stays as smooth as before.
 */
export function textFlushIntervalMs(streamingConversations: number): number {
  return Math.min(LONGEST_MS, TEXT_FLUSH_INTERVAL_MS * Math.max(1, streamingConversations / QUIET_UP_TO));
}
