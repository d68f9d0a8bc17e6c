"use client";

import type { ReactNode } from "react";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import { placeSlots, type RenderStrategy } from "@/lib/client/place-slots";
import type { TimelineEntry } from "@/lib/client/timeline";
import type { GloveHandle } from "@/lib/client/use-glove";

export interface RenderProps {
  glove: Pick<GloveHandle, "timeline" | "slots" | "renderSlot">;
  /** Where cards go: under their tool call ("interleaved", the default), all before or after the conversation, or alone. */
  strategy?: RenderStrategy;
  renderEntry: (entry: TimelineEntry) => ReactNode;
  /** Wraps each card (e.g. to indent it under its tool call). */
  renderSlotFrame?: (slot: SlotRecord, card: ReactNode) => ReactNode;
}

/** Glove's `<Render>`: the conversation's rows with the visible cards placed by strategy. */
export function Render({ glove, strategy = "interleaved", renderEntry, renderSlotFrame }: RenderProps) {
  return (
    <>
      {placeSlots(glove.timeline, glove.slots, strategy).map((item) => (
        <div key={item.key} data-item={item.kind} className="min-w-0">
          {item.kind === "slot"
            ? renderSlotFrame
              ? renderSlotFrame(item.slot, glove.renderSlot(item.slot))
              : glove.renderSlot(item.slot)
            : renderEntry(item)}
        </div>
      ))}
    </>
  );
}
