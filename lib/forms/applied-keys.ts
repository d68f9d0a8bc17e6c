import type { FormInstanceState } from "./types";

/** How many applied write keys an instance remembers: a re-executed tool call comes back within a few writes, never 50. */
export const APPLIED_KEYS_KEPT = 50;

export function hasAppliedKey(state: FormInstanceState, key: string): boolean {
  return state.appliedKeys?.includes(key) ?? false;
}

/** The previous state's keys carried into the next state (the transition builds a fresh state), plus `key`, bounded. */
export function carryAppliedKeys(previous: FormInstanceState, next: FormInstanceState, key: string | undefined): FormInstanceState {
  const keys = [...(previous.appliedKeys ?? [])];
  if (key !== undefined && !keys.includes(key)) keys.push(key);
  if (keys.length === 0) return next;
  return { ...next, appliedKeys: keys.slice(-APPLIED_KEYS_KEPT) };
}

/** The key a checkpoint decision is remembered by: the same decision again is a no-op, another one is stale. */
export function decisionKey(checkpointKey: string, approved: boolean): string {
  return `checkpoint:${checkpointKey}:${approved ? "approved" : "rejected"}`;
}
