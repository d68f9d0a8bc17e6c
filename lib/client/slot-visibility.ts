import type { SlotRecord } from "@/lib/agent/store-adapter";

/**
 * Which cards show, by display strategy: "stay" always; "hide-on-complete" until it is answered
 * (or, for a display-only card, until its tool call finished); "hide-on-new" until the same tool
 * pushes a newer card. Cards dismissed by an abort never show.
 */
export function visibleSlots(slots: readonly SlotRecord[], completedCallIds: ReadonlySet<string>): SlotRecord[] {
  return slots.filter((slot, position) => {
    if (slot.status === "dismissed") return false;
    if (slot.display_strategy === "hide-on-complete")
      return (slot.status === "pending" || slot.status === "shown") && !completedCallIds.has(slot.call_id);
    if (slot.display_strategy === "hide-on-new") return !slots.slice(position + 1).some((later) => later.tool_name === slot.tool_name);
    return true;
  });
}
