import type { AgentEvent } from "@/lib/agent/events";
import type { Message } from "@/lib/agent/messages";
import type { SseFrame } from "./sse-parser";

/** Events the server adds to the runtime's (docs/streaming.md): a typed message, a retry. */
type ServerEvent =
  | { type: "user_message"; message: Message }
  | { type: "run_retried"; run_id: string }
  | { type: "event_not_stored"; run_id: string; lost_type: string; message: string };

/** A run event as it arrives over SSE: the event plus its sequence number (the frame's `id:`). */
export type ChatEvent = (AgentEvent | ServerEvent) & { seq: number; unstored?: true };

/** The seq of a verdict the server sent from memory because the database could not store it: below every real one. */
export const UNSTORED_SEQ = -1;
const VERDICTS = new Set(["run_failed", "run_completed", "run_aborted", "run_suspended"]);

/**
 * A frame's sequence number and event. Frames without a numeric id or with unreadable JSON carry
 * nothing we can place in order, so they are dropped; event types this client does not know keep
 * their seq (so re-attaching skips them) and are ignored by the reducer. The one exception: a run's
 * verdict without an id, sent from memory while the database was away, comes as `unstored`.
 */
export function parseChatFrame(frame: SseFrame): ChatEvent | null {
  const unstored = frame.id === undefined && VERDICTS.has(frame.event);
  const seq = unstored ? UNSTORED_SEQ : Number(frame.id);
  if (!unstored && (frame.id === undefined || !Number.isSafeInteger(seq) || seq < 0)) return null;
  let data: unknown;
  try {
    data = JSON.parse(frame.data);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  return { ...(data as object), type: frame.event, seq, ...(unstored && { unstored: true }) } as ChatEvent;
}
