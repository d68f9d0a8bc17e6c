"use client";

import { useEffect } from "react";
import { useSearchParams } from "next/navigation";
import { messageAnchorId } from "@/lib/client/message-anchor";

/** How long the chat is given to draw the row (the history loads, or the person shows earlier messages). */
const GIVE_UP_MS = 60_000;
const HIGHLIGHT_MS = 4_000;
const SETTLE_MS = 300;
const HIGHLIGHT = ["ring-2", "ring-yellow-400", "rounded-md", "transition-shadow"];

/** `?m={row key}` on a chat link (a search result): once the row is drawn, scroll to it and mark it for a moment. */
export function JumpToMessage() {
  const key = useSearchParams().get("m");

  useEffect(() => {
    if (!key) return;
    const id = messageAnchorId(key);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const reveal = () => {
      const row = document.getElementById(id);
      if (!row) return false;
      row.scrollIntoView({ block: "center" });
      // The chat pins itself to the bottom when its content grows until the reader scrolls; our scroll
      // may land before it notices, so it is repeated once the rows around settle.
      settle = setTimeout(() => row.scrollIntoView({ block: "center" }), SETTLE_MS);
      row.dataset.searchTarget = "true";
      row.classList.add(...HIGHLIGHT);
      timer = setTimeout(() => {
        row.classList.remove(...HIGHLIGHT);
      }, HIGHLIGHT_MS);
      return true;
    };
    if (reveal()) {
      return () => {
        clearTimeout(timer);
        clearTimeout(settle);
      };
    }
    const observer = new MutationObserver(() => {
      if (reveal()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), GIVE_UP_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
      clearTimeout(timer);
      clearTimeout(settle);
    };
  }, [key]);

  return null;
}
