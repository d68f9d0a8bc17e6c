import type { SlotRecord } from "@/lib/agent/store-adapter";
import type { TimelineEntry } from "./timeline";

/** Where cards go relative to the conversation (Glove's `<Render strategy>`). */
export type RenderStrategy = "interleaved" | "slots-before" | "slots-after" | "slots-only";

export type RenderItem = TimelineEntry | { kind: "slot"; key: string; slot: SlotRecord };

const slotItem = (slot: SlotRecord): RenderItem => ({ kind: "slot", key: `slot:${slot.id}`, slot });

/**
 * The rows and cards in drawing order. "interleaved" puts each card in place of the tool call
 * that pushed it (the tool row shows only while the call has no visible card); a card whose call is not among the rows (an earlier page, a call not seen yet)
 * goes to the end rather than nowhere, because a card nobody sees leaves the agent waiting.
 */
export function placeSlots(entries: readonly TimelineEntry[], slots: readonly SlotRecord[], strategy: RenderStrategy): RenderItem[] {
  const ordered = [...slots].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.index - b.index);
  if (strategy === "slots-only") return ordered.map(slotItem);
  if (strategy === "slots-before") return [...ordered.map(slotItem), ...entries];
  if (strategy === "slots-after") return [...entries, ...ordered.map(slotItem)];

  const byCall = new Map<string, SlotRecord[]>();
  for (const slot of ordered) byCall.set(slot.call_id, [...(byCall.get(slot.call_id) ?? []), slot]);
  const items: RenderItem[] = [];
  for (const entry of entries) {
    const own = entry.kind === "tool" ? byCall.get(entry.call.id) : undefined;
    // A card stands in for its tool call: one block, not a tool row above it that says the same.
    if (!own || entry.kind !== "tool") {
      items.push(entry);
      continue;
    }
    items.push(...own.sort((a, b) => a.index - b.index).map(slotItem));
    byCall.delete(entry.call.id);
  }
  for (const rest of byCall.values()) items.push(...rest.map(slotItem));
  return items;
}
