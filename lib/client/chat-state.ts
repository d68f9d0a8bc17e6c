import type { ToolCall, ToolResultPayload } from "@/lib/agent/messages";
import type { ConversationSnapshot } from "@/lib/schemas/conversation";

/**
 * What the chat page draws: the server's snapshot, plus what the live events added since it was
 * taken. The snapshot's fields keep their meaning; `lastEventSeq` advances with every event applied.
 */
export interface ChatState extends ConversationSnapshot {
  /** Text of the model response that is streaming now (not yet a message). */
  streamingText: string;
  /** Tool calls the model announced in the response that is streaming now. */
  streamingToolCalls: ToolCall[];
  /** Results that arrived by event for calls whose step has not been stored as a results message yet. */
  liveResults: Record<string, ToolResultPayload>;
  isCompacting: boolean;
  /** Something a person should know about the run right now ("the model is retrying"). */
  notice: string | null;
}

export function stateFromSnapshot(snapshot: ConversationSnapshot): ChatState {
  return { ...snapshot, streamingText: "", streamingToolCalls: [], liveResults: {}, isCompacting: false, notice: null };
}

/** Whether a run is active: streaming, or suspended on a card. */
export const isRunActive = (state: Pick<ChatState, "run">) => state.run?.status === "running" || state.run?.status === "suspended";
