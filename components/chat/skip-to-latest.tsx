"use client";

import { focusComposer, focusNextCard } from "./focus-targets";

/**
 * The first stop of the conversation for keyboard users, visible when focused: past every link of
 * the earlier answers to the card that waits, else to the message box under the latest answer.
 */
export function SkipToLatest() {
  return (
    <button
      type="button"
      onClick={() => {
        if (!focusNextCard()) focusComposer();
      }}
      className="sr-only rounded-md bg-background px-3 py-1.5 text-sm font-medium shadow focus:not-sr-only focus:justify-self-start focus-visible:outline-2 focus-visible:outline-ring"
    >
      Skip to the latest
    </button>
  );
}
