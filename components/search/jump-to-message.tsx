"use client";

import { useEffect } from "react";
import { useSearchParams } from "next/navigation";
import { messageAnchorId } from "@/lib/client/message-anchor";

/** How long the chat is given to draw the row (the history loads, or the person shows earlier messages). */
const GIVE_UP_MS = 60_000;
const HIGHLIGHT_MS = 4_000;
const HIGHLIGHT = ["ring-2", "ring-yellow-400", "rounded-md", "transition-shadow"];

/** `?m={row key}` on a chat link (a search result): once the row is drawn, scroll to it and mark it for a moment. */
export function JumpToMessage() {
  const key = useSearchParams().get("m");

  useEffect(() => {
    if (!key) return;
    const id = messageAnchorId(key);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reveal = () => {
      const row = document.getElementById(id);
      if (!row) return false;
      row.scrollIntoView({ block: "center" });
      row.dataset.searchTarget = "true";
      row.classList.add(...HIGHLIGHT);
      timer = setTimeout(() => {
        row.classList.remove(...HIGHLIGHT);
        delete row.dataset.searchTarget;
      }, HIGHLIGHT_MS);
      return true;
    };
    if (reveal()) return () => clearTimeout(timer);
    const observer = new MutationObserver(() => {
      if (reveal()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), GIVE_UP_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
      clearTimeout(timer);
    };
  }, [key]);

  return null;
}
