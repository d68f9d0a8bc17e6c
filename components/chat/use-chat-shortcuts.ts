"use client";

import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { matchShortcut, type ShortcutId } from "@/lib/client/shortcuts";
import { focusComposer, focusNextCard, keyTargetOf, popupOpen } from "./focus-targets";

export interface ChatShortcutActions {
  orgSlug: string;
  /** A run is going: Esc stops it. */
  stoppable: boolean;
  onStop: () => void;
  onShowShortcuts: () => void;
  /** Said in the live region when a shortcut has nothing to do ("No card is waiting for you"). */
  announce: (text: string) => void;
}

/**
 * Installs the chat's keyboard shortcuts (the key map in lib/client/shortcuts.ts); search is
 * `SearchShortcut`'s, which works on every page of the organization. A handler returns false when
 * it had nothing to do, so the key keeps its usual meaning (Esc with no run going).
 */
export function useChatShortcuts(actions: ChatShortcutActions): void {
  const router = useRouter();
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    const handlers: Record<Exclude<ShortcutId, "search">, () => boolean> = {
      new_chat: () => {
        router.push(`/${latest.current.orgSlug}`);
        return true;
      },
      stop: () => {
        if (!latest.current.stoppable) return false;
        latest.current.onStop();
        return true;
      },
      focus_composer: focusComposer,
      next_card: () => {
        if (!focusNextCard()) latest.current.announce("No card is waiting for you.");
        return true;
      },
      show_shortcuts: () => {
        latest.current.onShowShortcuts();
        return true;
      },
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || popupOpen()) return;
      const id = matchShortcut(event, keyTargetOf(event.target));
      if (!id || id === "search") return;
      if (handlers[id]()) event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [router]);
}
