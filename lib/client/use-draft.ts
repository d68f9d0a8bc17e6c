"use client";

import { useCallback, useEffect, useState } from "react";

const keyFor = (scope: string) => `handoff:draft:${scope}`;

/**
 * A composer's text, kept in localStorage per conversation so a reload (or a crash) loses nothing.
 * Storage can be full or blocked (private windows); the draft then lives in memory only.
 */
export function useDraft(scope: string): [string, (text: string) => void] {
  const [text, setText] = useState("");

  useEffect(() => {
    // Read after mounting: the server render has no localStorage, and the two must match.
    let stored = "";
    try {
      stored = window.localStorage.getItem(keyFor(scope)) ?? "";
    } catch {
      // Storage blocked: start empty.
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing from an external store after hydration
    setText(stored);
  }, [scope]);

  const update = useCallback(
    (next: string) => {
      setText(next);
      try {
        if (next) window.localStorage.setItem(keyFor(scope), next);
        else window.localStorage.removeItem(keyFor(scope));
      } catch {
        // Storage full or blocked: keep the draft in memory.
      }
    },
    [scope],
  );
  return [text, update];
}
