import type { SlotRecord } from "./store-adapter";

/**
 * Thrown by `pushAndWait` (and the permission gate) when the answer is not there yet. It
 * unwinds the tool and the loop; the run ends `suspended` and continues once the slot is settled.
 * Internal: tools must let it through (the display also remembers it, in case a tool swallows it).
 */
export class RunSuspension extends Error {
  constructor(readonly slot: SlotRecord) {
    super(`Waiting for slot ${slot.id}`);
    this.name = "RunSuspension";
  }
}
