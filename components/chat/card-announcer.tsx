"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { humanize } from "@/components/renderers/describe-value";
import type { SlotRecord } from "@/lib/agent/store-adapter";

/**
 * A card's question from its props, without the renderers (they load with zod after the page):
 * the fields the cards head themselves with, in that order.
 */
export function cardTitle(slot: SlotRecord): string {
  const props = (slot.props ?? {}) as Record<string, unknown>;
  if (slot.renderer === "permission_request" && typeof props.tool_name === "string")
    return `Allow ${typeof props.tool_title === "string" ? props.tool_title : humanize(props.tool_name)}?`;
  for (const field of ["question", "title", "prompt", "formName"]) {
    const value = props[field];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return "a question for you";
}

/**
 * What the live region says: each card that starts waiting ("The agent asks: Delete the drafts?"),
 * once, and whatever else is announced. Cards already waiting on arrival are announced too: the
 * person has to know the agent waits on them.
 */
export function useCardAnnouncements(slots: readonly SlotRecord[]): { text: string; announce: (text: string) => void } {
  const [text, setText] = useState("");
  const announced = useRef(new Set<string>());
  useEffect(() => {
    const fresh = slots.filter((slot) => slot.status === "pending" && !announced.current.has(slot.id));
    if (fresh.length === 0) return;
    for (const slot of fresh) announced.current.add(slot.id);
    setText(fresh.map((slot) => `The agent asks: ${cardTitle(slot)}`).join(". "));
  }, [slots]);
  const announce = useCallback((next: string) => setText(next), []);
  return { text, announce };
}

/** The polite live region: always in the page (a region added with its text is not read), visually hidden. */
export function LiveRegion({ text }: { text: string }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-live-region>
      {text}
    </div>
  );
}
