import type { SlotRecord } from "@/lib/agent/store-adapter";
import type { ChatEvent } from "@/lib/client/chat-event";
import { stateFromSnapshot, type ChatState } from "@/lib/client/chat-state";
import type { ConversationSnapshot } from "@/lib/schemas/conversation";

export function snapshot(overrides: Partial<ConversationSnapshot> = {}): ConversationSnapshot {
  return {
    conversation: { id: "c1", title: "Chat", createdAt: "2025-01-01T00:00:00.000Z", lastActivityAt: "2025-01-01T00:00:00.000Z" },
    messages: [],
    earlierCursor: null,
    slots: [],
    tasks: [],
    inbox: [],
    queued: [],
    forms: [],
    stats: { tokens_in: 0, tokens_out: 0, cache_read_tokens: 0, cache_write_tokens: 0, context_tokens: 0, turns: 0 },
    run: null,
    lastEventSeq: 0,
    responseEvents: [],
    usingDemoModel: true,
    ...overrides,
  };
}

export const state = (overrides: Partial<ConversationSnapshot> = {}): ChatState => stateFromSnapshot(snapshot(overrides));

/** Events numbered from `from`, as a server would send them. */
export function numbered(from: number, events: Array<Record<string, unknown> & { type: string }>): ChatEvent[] {
  return events.map((event, index) => ({ ...event, seq: from + index }) as unknown as ChatEvent);
}

export function slot(overrides: Partial<SlotRecord> & { id: string; call_id: string }): SlotRecord {
  return {
    run_id: "r1",
    index: 1,
    kind: "wait",
    tool_name: "confirm_action",
    renderer: "confirm_action",
    props: { title: "Sure?", message: "Really?" },
    display_strategy: "stay",
    status: "pending",
    created_at: "2025-01-01T00:00:01.000Z",
    expires_at: null,
    settled_at: null,
    ...overrides,
  };
}
