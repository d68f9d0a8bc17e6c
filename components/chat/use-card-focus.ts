"use client";

import { useEffect, useRef } from "react";
import type { SlotRecord } from "@/lib/agent/store-adapter";
import { cardOf, focusAfterCard, focusComposer, focusIsInPage, focusIsLost, keyTargetOf } from "./focus-targets";

/**
 * The focus rules of a conversation: the message box has focus on arrival (not on touch screens,
 * where focusing opens the keyboard over the page), and when the card focus was in is answered
 * (its controls are gone, focus would fall to `<body>`) focus moves to the next waiting card, else
 * to the message box.
 */
export function useCardFocus({ ready, conversationId, slots }: { ready: boolean; conversationId: string; slots: readonly SlotRecord[] }) {
  const arrived = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || arrived.current === conversationId) return;
    arrived.current = conversationId;
    if (window.matchMedia?.("(pointer: coarse)").matches) return;
    // Someone already typing (the sidebar's search) or already in the page keeps their place.
    if (keyTargetOf(document.activeElement) !== "text" && !focusIsInPage()) focusComposer();
  }, [ready, conversationId]);

  // The waiting card focus was last in: focus into anything else (a settled card too) forgets it.
  const focusedCard = useRef<string | null>(null);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      focusedCard.current = cardOf(event.target, "pending");
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, []);

  useEffect(() => {
    const id = focusedCard.current;
    if (!id || slots.some((slot) => slot.id === id && slot.status === "pending")) return;
    const card = document.querySelector(`[data-slot-id="${CSS.escape(id)}"]`);
    if (!focusIsLost() && !card?.contains(document.activeElement)) return;
    focusedCard.current = null;
    focusAfterCard(id);
  }, [slots]);
}
