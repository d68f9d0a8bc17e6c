import type { Message, ToolCall, ToolResultPayload } from "@/lib/agent/messages";

/** What an agent row says about the model that wrote it (components/chat/answered-by.tsx). */
export type AnsweredBy = Pick<Message, "fallback" | "routed" | "usage">;
import type { SlotRecord } from "@/lib/agent/store-adapter";
import type { ConversationSnapshot } from "@/lib/schemas/conversation";

/**
 * What the chat page draws: the server's snapshot, plus what the live events added since it was
 * taken. The snapshot's fields keep their meaning; `lastEventSeq` advances with every event applied.
 */
export interface ChatState extends Omit<ConversationSnapshot, "responseEvents"> {
  /** Text of the model response that is streaming now (not yet a message). */
  streamingText: string;
  /** Tool calls the model announced in the response that is streaming now. */
  streamingToolCalls: ToolCall[];
  /** Results that arrived by event for calls whose step has not been stored as a results message yet. */
  liveResults: Record<string, ToolResultPayload>;
  isCompacting: boolean;
  /** Something a person should know about the run right now ("the model is retrying"). */
  notice: string | null;
  /**
   * Which model writes the response streaming now, when that is news (a fallback, a light / heavy
   * routing decision): drawn on the streaming row and kept on the message it becomes.
   */
  answering?: AnsweredBy;
  /**
   * The run this person asked to stop: its text freezes at the click (the server may stream on
   * until the stop lands), and what it had streamed ends as a message marked stopped.
   */
  stopRequested?: string;
  /** Older pages the reader asked for (`earlierCursor`), oldest first; they come before `messages`. */
  earlier: { messages: Message[]; slots: SlotRecord[] };
}

export function stateFromSnapshot({ responseEvents: _folded, ...snapshot }: ConversationSnapshot): ChatState {
  return {
    ...snapshot,
    streamingText: "",
    streamingToolCalls: [],
    liveResults: {},
    isCompacting: false,
    notice: null,
    earlier: { messages: [], slots: [] },
  };
}

/** Every loaded message and card, the older pages included. */
export const allMessages = (state: ChatState) => [...state.earlier.messages, ...state.messages];
export const allSlots = (state: ChatState) => [...state.earlier.slots, ...state.slots];

/**
 * Adds an older page (the snapshot route with `?before=`) in front of what is loaded. Whatever the
 * newer pages already hold wins, so a message or card is never shown twice.
 */
export function withEarlierPage(state: ChatState, page: Pick<ChatState, "messages" | "slots" | "earlierCursor">): ChatState {
  const loadedMessages = new Set(allMessages(state).flatMap((m) => (m.id ? [m.id] : [])));
  const loadedSlots = new Set(allSlots(state).map((slot) => slot.id));
  return {
    ...state,
    earlierCursor: page.earlierCursor,
    earlier: {
      messages: [...page.messages.filter((m) => !m.id || !loadedMessages.has(m.id)), ...state.earlier.messages],
      slots: [...page.slots.filter((slot) => !loadedSlots.has(slot.id)), ...state.earlier.slots],
    },
  };
}

/** Whether a run is active: streaming, or suspended on a card. */
export const isRunActive = (state: Pick<ChatState, "run">) => state.run?.status === "running" || state.run?.status === "suspended";
