import type { Message, ToolCall, ToolResultPayload } from "@/lib/agent/messages";
import { LOCAL_ID_PREFIX, SENT_ID_PREFIX } from "./apply-event";
import { isRunActive, type AnsweredBy, type ChatState } from "./chat-state";

export type ToolCallStatus = "running" | "waiting" | "done" | "error";

/** One row of the chat, in order. Cards are not rows: `placeSlots` puts them among these. */
export type TimelineEntry =
  | { kind: "user"; key: string; message: Message; pending: boolean }
  | { kind: "agent"; key: string; text: string; streaming: boolean; answeredBy?: AnsweredBy; stopped?: boolean }
  | { kind: "tool"; key: string; call: ToolCall; status: ToolCallStatus; result?: ToolResultPayload }
  | { kind: "compaction"; key: string; text: string }
  | { kind: "injected"; key: string; source: "skill" | "inbox"; label: string; text: string };

/**
 * What every row but the streaming text depends on. A text delta changes none of these (it makes
 * a new `ChatState` around the same arrays and objects), so rows built from them can be kept.
 */
export type TimelineParts = Pick<ChatState, "messages" | "earlier" | "slots" | "liveResults" | "run" | "streamingToolCalls" | "branches">;

const INTERRUPTED: ToolResultPayload = { status: "error", data: null, message: "This tool call did not finish." };
const STREAMING_KEY = "streaming";

/** Every row except the text that is streaming: the messages' rows, then the streaming response's tool calls. */
export function buildSettledTimeline(parts: TimelineParts): TimelineEntry[] {
  const results = new Map<string, ToolResultPayload>(Object.entries(parts.liveResults));
  const messages = [...parts.earlier.messages, ...parts.messages];
  for (const message of messages) for (const result of message.tool_results ?? []) results.set(result.call_id, result.result);
  const waiting = new Set([...parts.earlier.slots, ...parts.slots].filter((slot) => slot.status === "pending").map((slot) => slot.call_id));
  const active = isRunActive(parts);
  const tool = (call: ToolCall): TimelineEntry => {
    const result = results.get(call.id);
    if (result) return { kind: "tool", key: `tool:${call.id}`, call, status: result.status === "success" ? "done" : "error", result };
    if (waiting.has(call.id)) return { kind: "tool", key: `tool:${call.id}`, call, status: "waiting" };
    return active
      ? { kind: "tool", key: `tool:${call.id}`, call, status: "running" }
      : { kind: "tool", key: `tool:${call.id}`, call, status: "error", result: INTERRUPTED };
  };

  // A reply that begins with tool calls alone still needs a row where its versions fork ("‹ 1 / 2 ›").
  const forks = new Set(parts.branches?.map((branch) => branch.message_id));
  const entries: TimelineEntry[] = [];
  messages.forEach((message, position) => {
    const key = message.id ?? `at:${position}`;
    if (message.is_compaction) {
      entries.push({ kind: "compaction", key, text: message.text });
    } else if (message.sender === "user") {
      // A tool-results message is not something a person said; its results show on the tool rows.
      if (message.tool_results?.length && !message.text) return;
      // Injected text (a skill, inbox answers) is not the person's own words: drawn as what it is.
      const injected = injectedEntry(key, message);
      if (injected) return void entries.push(injected);
      entries.push({
        kind: "user",
        key,
        message,
        pending: Boolean(message.id?.startsWith(LOCAL_ID_PREFIX) || message.id?.startsWith(SENT_ID_PREFIX)),
      });
    } else {
      if (message.text.trim() || (message.id !== undefined && forks.has(message.id)))
        entries.push({
          kind: "agent",
          key,
          text: message.text,
          streaming: false,
          ...(message.stopped && { stopped: true }),
          // The message itself: the same object on every rebuild, so the memoized row is kept.
          ...((message.fallback || message.routed) && { answeredBy: message }),
        });
      for (const call of message.tool_calls ?? []) entries.push(tool(call));
    }
  });
  for (const call of parts.streamingToolCalls) entries.push(tool(call));
  return entries;
}

type InjectedRow = Extract<TimelineEntry, { kind: "injected" }>;

// The runtime's framings (lib/agent/extensions/skills.ts, lib/agent/inbox.ts), read back for the label.
const SKILL_HEAD = /^\[Skill: ([^\]\n]+)\]\n?/;

/** A skill's or the inbox's injected message as a labelled row ("Skill: brief", "Inbox answer from Finance (API key)"); null otherwise. */
function injectedEntry(key: string, message: Message): InjectedRow | null {
  if (message.is_skill_injection) {
    const head = SKILL_HEAD.exec(message.text);
    return {
      kind: "injected",
      key,
      source: "skill",
      label: `Skill: ${head?.[1] ?? "unnamed"}`,
      text: message.text.slice(head?.[0].length ?? 0),
    };
  }
  if (message.is_inbox_injection) {
    const from = message.inbox_sources ?? [];
    const label =
      from.length === 0 ? "Inbox update" : from.length === 1 ? `Inbox answer from ${from[0]}` : `Inbox answers from ${from.join(", ")}`;
    return { kind: "injected", key, source: "inbox", label, text: message.text };
  }
  return null;
}

/**
 * The settled rows with the streaming text's row put in its place: after the messages, before the
 * tool calls the streaming response announced (the last `streamingToolCalls` rows). Without
 * streaming text the settled array itself is returned.
 */
export function withStreamingText(
  settled: TimelineEntry[],
  streamingText: string,
  streamingToolCalls: number,
  row: TimelineEntry = streamingRow(streamingText, undefined),
): TimelineEntry[] {
  if (!streamingText) return settled;
  const at = settled.length - streamingToolCalls;
  return [...settled.slice(0, at), row, ...settled.slice(at)];
}

type AgentRow = Extract<TimelineEntry, { kind: "agent" }>;
const streamingRow = (text: string, answeredBy: AnsweredBy | undefined): AgentRow => ({
  kind: "agent",
  key: STREAMING_KEY,
  text,
  streaming: true,
  ...(answeredBy && { answeredBy }),
});

/** The rows of a conversation: its messages, then the response that is streaming now. */
export function buildTimeline(state: ChatState): TimelineEntry[] {
  return withStreamingText(
    buildSettledTimeline(state),
    state.streamingText,
    state.streamingToolCalls.length,
    streamingRow(state.streamingText, state.answering),
  );
}

const sameParts = (a: TimelineParts, b: TimelineParts) =>
  a.messages === b.messages &&
  a.earlier === b.earlier &&
  a.slots === b.slots &&
  a.liveResults === b.liveResults &&
  a.run === b.run &&
  a.streamingToolCalls === b.streamingToolCalls &&
  a.branches === b.branches;

/** Whether two rows draw the same: same kind and the same values (message, call and result by reference). */
function sameEntry(a: TimelineEntry, b: TimelineEntry): boolean {
  if (a.kind !== b.kind || a.key !== b.key) return false;
  const other = b as Record<string, unknown>;
  return Object.entries(a).every(([field, value]) => other[field] === value) && Object.keys(b).length === Object.keys(a).length;
}

/**
 * `buildTimeline` that keeps its rows' identities, so the row components (memoized) draw only the
 * rows that changed: a text delta rebuilds nothing but the streaming row; any other change rebuilds
 * the settled rows and reuses each previous row object that draws the same. One per chat view.
 */
export function createTimelineBuilder(): (state: ChatState) => TimelineEntry[] {
  let last: { parts: TimelineParts; rows: TimelineEntry[] } | null = null;
  let streaming = streamingRow("", undefined);
  return (state) => {
    if (state.streamingText && (streaming.text !== state.streamingText || streaming.answeredBy !== state.answering))
      streaming = streamingRow(state.streamingText, state.answering);
    if (!last || !sameParts(last.parts, state)) {
      const previous = new Map((last?.rows ?? []).map((row) => [row.key, row]));
      const rows = buildSettledTimeline(state).map((row) => {
        const before = previous.get(row.key);
        return before && sameEntry(before, row) ? before : row;
      });
      const { messages, earlier, slots, liveResults, run, streamingToolCalls, branches } = state;
      last = { parts: { messages, earlier, slots, liveResults, run, streamingToolCalls, branches }, rows };
    }
    return withStreamingText(last.rows, state.streamingText, state.streamingToolCalls.length, streaming);
  };
}
