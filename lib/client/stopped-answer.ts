import type { TimelineEntry } from "./timeline";

/**
 * When the conversation ends with an answer cut short by Stop: the question it answered (null when
 * none is shown) and the answer's row key (what Regenerate makes a new version of), else undefined.
 */
export function stoppedAnswer(timeline: readonly TimelineEntry[]): { question: string | null; answerKey: string } | undefined {
  const last = timeline.at(-1);
  if (last?.kind !== "agent" || !last.stopped) return undefined;
  const asked = timeline.findLast((entry) => entry.kind === "user");
  return { question: asked?.kind === "user" ? (asked.message.pre_modified_text ?? asked.message.text) : null, answerKey: last.key };
}
