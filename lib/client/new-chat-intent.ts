"use client";

/**
 * "New chat" was clicked on this page and its navigation has not arrived yet. The page left behind
 * is hidden at once (components/shell/page-switch.tsx), so nothing can be typed into the previous
 * conversation while the new chat loads: on a cold start that took seconds, and a message sent in
 * that window landed in the conversation being left.
 */
let leavingFrom: string | null = null;
const listeners = new Set<() => void>();

const announce = () => {
  for (const listener of listeners) listener();
};

export function startNewChat(fromPathname: string) {
  leavingFrom = fromPathname;
  announce();
}

/** The navigation arrived (or was given up): the page shows again. */
export function newChatArrived() {
  if (leavingFrom === null) return;
  leavingFrom = null;
  announce();
}

export const newChatIntent = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  leavingFrom: () => leavingFrom,
  // The server render never has an intent.
  none: () => null,
};
