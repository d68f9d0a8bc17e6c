import type { Message } from "@/lib/agent/messages";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import { describeValue, humanize } from "@/components/renderers/describe-value";
import type { SharedEntry } from "@/lib/schemas/shares";

/** The runtime's permission cards name tools and inputs: internals a shared view never shows. */
const PERMISSION_RENDERER = "permission_request";
/** Where the catalog's and the form tools' cards keep the words they ask with. */
const QUESTION_FIELDS = ["question", "title", "prompt", "message", "summary", "label"] as const;

/** What a card asks, in its own words; its kind in words when its props carry none. */
export function cardQuestion(slot: Pick<SlotRecord, "props" | "renderer">): string {
  const props = (slot.props ?? {}) as Record<string, unknown>;
  for (const field of QUESTION_FIELDS) {
    const value = props[field];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return humanize(slot.renderer);
}

type SharedCard = Extract<SharedEntry, { kind: "card" }>;

/**
 * A card as the link shows it. `asOf` (a snapshot's time): an answer given after it is not part of
 * the snapshot, so the card still waits there.
 */
export function sharedCard(slot: SlotRecord, asOf: Date | null): SharedCard {
  const question = cardQuestion(slot);
  const settledLater = asOf !== null && slot.settled_at !== null && new Date(slot.settled_at) > asOf;
  if (slot.status === "pending" || settledLater) return { kind: "card", question, status: "waiting", answer: null };
  if (slot.status === "resolved") return { kind: "card", question, status: "answered", answer: describeValue(slot.value) };
  return { kind: "card", question, status: "declined", answer: slot.reason ?? "No answer was given." };
}

/**
 * The rows a shared view draws from the stored messages: what people said, the agent's words and
 * its cards (question and answer, never controls). Left out: compaction summaries, tool-result
 * messages, text injected by skills or the inbox, tool calls without a card (their inputs and
 * results are the organization's internals) and permission cards.
 */
export function sharedEntries(messages: readonly Message[], slots: readonly SlotRecord[], asOf: Date | null): SharedEntry[] {
  const byCall = new Map<string, SlotRecord[]>();
  for (const slot of slots) {
    if (slot.renderer === PERMISSION_RENDERER) continue;
    byCall.set(slot.call_id, [...(byCall.get(slot.call_id) ?? []), slot]);
  }
  const entries: SharedEntry[] = [];
  for (const message of messages) {
    if (message.is_compaction || message.is_skill_injection || message.is_inbox_injection) continue;
    if (message.sender === "user") {
      if (message.text.trim()) entries.push({ kind: "user", text: message.pre_modified_text ?? message.text });
      continue;
    }
    if (message.text.trim()) entries.push({ kind: "agent", text: message.text, stopped: message.stopped === true });
    for (const call of message.tool_calls ?? [])
      for (const slot of (byCall.get(call.id) ?? []).sort((a, b) => a.index - b.index)) entries.push(sharedCard(slot, asOf));
  }
  return entries;
}

/**
 * The messages a copy starts with: the shared rows as plain text, a card folded into the agent's
 * words (its question and answer), and consecutive rows of one side joined, as models expect turns to alternate.
 */
export function copyMessages(entries: readonly SharedEntry[]): Pick<Message, "sender" | "text">[] {
  const out: Pick<Message, "sender" | "text">[] = [];
  for (const entry of entries) {
    const sender = entry.kind === "user" ? "user" : "agent";
    const text =
      entry.kind === "card"
        ? `> ${entry.question}\n\n${entry.status === "waiting" ? "(Not answered when copied.)" : `Answer: ${entry.answer ?? ""}`}`
        : entry.text;
    const last = out.at(-1);
    if (last?.sender === sender) last.text = `${last.text}\n\n${text}`;
    else out.push({ sender, text });
  }
  return out;
}
