import type { SlotRecord } from "@/lib/agent/store-adapter";

/**
 * Which cards show, by display strategy: "stay" always; "hide-on-complete" until it is answered
 * (or, for a display-only card, until its tool call finished); "hide-on-new" until the same tool
 * pushes a newer card. Cards dismissed by an abort never show.
 */
/** A permission card answered "ask an admin for everyone" stays: an admin approves or declines the request on it. */
const carriesRequest = (slot: SlotRecord) =>
  slot.renderer === "permission_request" &&
  slot.status === "resolved" &&
  (slot.value as { decision?: unknown } | null)?.decision === "request_organization";

export function visibleSlots(slots: readonly SlotRecord[], completedCallIds: ReadonlySet<string>): SlotRecord[] {
  return slots.filter((slot, position) => {
    if (slot.status === "dismissed") return false;
    if (slot.display_strategy === "hide-on-complete")
      return ((slot.status === "pending" || slot.status === "shown") && !completedCallIds.has(slot.call_id)) || carriesRequest(slot);
    if (slot.display_strategy === "hide-on-new") return !slots.slice(position + 1).some((later) => later.tool_name === slot.tool_name);
    return true;
  });
}
