import type { Message } from "@/lib/agent/messages";
import type { ConversationSnapshot } from "@/lib/schemas/conversation";
import { RESPONSE_BOUNDARY_EVENTS } from "@/lib/schemas/response-events";
import { applyEvent } from "./apply-event";
import type { ChatEvent } from "./chat-event";
import { stateFromSnapshot, withEarlierPage, type ChatState } from "./chat-state";

/** Ids this client gave messages the server has not sent it yet (see apply-event.ts). */
const SYNTHETIC_ID = /^(local|sent|event|partial):/;

const RESPONSE_BOUNDARIES = new Set<string>(RESPONSE_BOUNDARY_EVENTS);

/**
 * A freshly fetched snapshot, brought up to date with the events this client already holds.
 *
 * A snapshot stores messages, not the response that is streaming while it is taken, so the
 * text deltas and tool calls at or below its `lastEventSeq` that belong to that response are
 * folded in again: those this client held, and those the snapshot brings (`responseEvents`, for
 * a page loaded mid-answer); events after it are applied as usual. `unsent` are optimistic messages whose
 * run has not been confirmed yet: they stay at the end until the server's copy shows up. Older
 * pages loaded into `previous` are kept.
 */
export function rebaseOnSnapshot(
  snapshot: ConversationSnapshot,
  held: readonly ChatEvent[],
  unsent: readonly Message[] = [],
  previous?: ChatState,
): ChatState {
  const bySeq = new Map<number, ChatEvent>();
  for (const event of [...(snapshot.responseEvents as ChatEvent[]), ...held]) bySeq.set(event.seq, event);
  const ordered = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  let state = stateFromSnapshot(snapshot);
  // Older pages the reader loaded stay loaded, with what has since slid out of the newest page.
  if (previous && previous.earlier.messages.length > 0) {
    state = withEarlierPage(state, {
      messages: [...previous.earlier.messages, ...previous.messages.filter((m) => m.id && !SYNTHETIC_ID.test(m.id))],
      slots: [...previous.earlier.slots, ...previous.slots],
      earlierCursor: previous.earlierCursor,
    });
  }
  if (snapshot.run?.status === "running")
    state = withStreamingResponse(
      state,
      ordered.filter((event) => event.seq <= snapshot.lastEventSeq),
    );
  state = { ...state, messages: [...state.messages, ...unsent] };
  return ordered.reduce(applyEvent, state);
}

function withStreamingResponse(state: ChatState, before: ChatEvent[]): ChatState {
  const lastBoundary = before.findLastIndex(
    (event) =>
      RESPONSE_BOUNDARIES.has(event.type) ||
      ((event.type === "model_retry" || event.type === "model_fallback") && event.discardPartial === true),
  );
  let streamingText = "";
  const streamingToolCalls = [...state.streamingToolCalls];
  let isCompacting = false;
  for (const event of before.slice(lastBoundary + 1)) {
    if (event.type === "text_delta") streamingText += event.text;
    if (event.type === "tool_use" && !streamingToolCalls.some((call) => call.id === event.id)) {
      streamingToolCalls.push({ id: event.id, tool_name: event.name, input_args: event.input });
    }
    if (event.type === "compaction_start") isCompacting = true;
    if (event.type === "compaction_end") isCompacting = false;
  }
  return { ...state, streamingText, streamingToolCalls, isCompacting };
}
