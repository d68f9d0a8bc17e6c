import type { Message, ToolCall, ToolResultPayload } from "@/lib/agent/messages";
import { LOCAL_ID_PREFIX, SENT_ID_PREFIX } from "./apply-event";
import { allMessages, allSlots, isRunActive, type ChatState } from "./chat-state";

export type ToolCallStatus = "running" | "waiting" | "done" | "error";

/** One row of the chat, in order. Cards are not rows: `placeSlots` puts them among these. */
export type TimelineEntry =
  | { kind: "user"; key: string; message: Message; pending: boolean }
  | { kind: "agent"; key: string; text: string; streaming: boolean }
  | { kind: "tool"; key: string; call: ToolCall; status: ToolCallStatus; result?: ToolResultPayload }
  | { kind: "compaction"; key: string; text: string };

const INTERRUPTED: ToolResultPayload = { status: "error", data: null, message: "This tool call did not finish." };

/** The rows of a conversation: its messages, then the response that is streaming now. */
export function buildTimeline(state: ChatState): TimelineEntry[] {
  const results = new Map<string, ToolResultPayload>(Object.entries(state.liveResults));
  const messages = allMessages(state);
  for (const message of messages) for (const result of message.tool_results ?? []) results.set(result.call_id, result.result);
  const waiting = new Set(allSlots(state).filter((slot) => slot.status === "pending").map((slot) => slot.call_id));
  const active = isRunActive(state);
  const tool = (call: ToolCall): TimelineEntry => {
    const result = results.get(call.id);
    if (result) return { kind: "tool", key: `tool:${call.id}`, call, status: result.status === "success" ? "done" : "error", result };
    if (waiting.has(call.id)) return { kind: "tool", key: `tool:${call.id}`, call, status: "waiting" };
    return active ? { kind: "tool", key: `tool:${call.id}`, call, status: "running" } : { kind: "tool", key: `tool:${call.id}`, call, status: "error", result: INTERRUPTED };
  };

  const entries: TimelineEntry[] = [];
  messages.forEach((message, position) => {
    const key = message.id ?? `at:${position}`;
    if (message.is_compaction) {
      entries.push({ kind: "compaction", key, text: message.text });
    } else if (message.sender === "user") {
      // A tool-results message is not something a person said; its results show on the tool rows.
      if (message.tool_results?.length && !message.text) return;
      entries.push({ kind: "user", key, message, pending: Boolean(message.id?.startsWith(LOCAL_ID_PREFIX) || message.id?.startsWith(SENT_ID_PREFIX)) });
    } else {
      if (message.text.trim()) entries.push({ kind: "agent", key, text: message.text, streaming: false });
      for (const call of message.tool_calls ?? []) entries.push(tool(call));
    }
  });
  if (state.streamingText) entries.push({ kind: "agent", key: "streaming", text: state.streamingText, streaming: true });
  for (const call of state.streamingToolCalls) entries.push(tool(call));
  return entries;
}
