import type { ConversationStats } from "@/lib/schemas/conversation";

export type ContextLevel = "normal" | "warning" | "alert";

/** Shares of the window from which the meter warns and alerts. */
export const CONTEXT_WARNING_SHARE = 0.75;
export const CONTEXT_ALERT_SHARE = 0.9;

/**
 * How full the model's context window was on the last call: context tokens / the window. Null when
 * the model does not describe its window (nothing to measure against) or nothing was measured yet.
 */
export function contextShare(stats: Pick<ConversationStats, "context_tokens" | "context_window">): {
  percent: number;
  level: ContextLevel;
} | null {
  if (!stats.context_window || stats.context_tokens <= 0) return null;
  const share = stats.context_tokens / stats.context_window;
  const level = share >= CONTEXT_ALERT_SHARE ? "alert" : share >= CONTEXT_WARNING_SHARE ? "warning" : "normal";
  // Floored, so "100 %" means full and 74.9 % never reads as the warning's 75 %.
  return { percent: Math.floor(share * 100), level };
}
