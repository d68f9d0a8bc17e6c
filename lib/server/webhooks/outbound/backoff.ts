/**
 * When a failed delivery is tried again: exponential backoff with full jitter (AWS's "full
 * jitter": a uniform delay between 0 and the exponential bound, so receivers that came back are
 * not hit by every sender at the same instant), the bound doubling from `baseMs` up to `capMs`.
 * Retries stop when the retry window since the delivery's creation is over; the last retry is
 * placed at the window's end rather than skipped, so the window is what the endpoint gets.
 */

export const RETRY_CAP_MS = 60 * 60 * 1000;

export interface BackoffSettings {
  baseMs: number;
  capMs: number;
  windowMs: number;
  /** A number in [0, 1); tests fix it. */
  random?: () => number;
}

/** The upper bound of the delay after the `failedAttempt`-th attempt (1-based) failed. */
export const backoffBound = (failedAttempt: number, settings: Pick<BackoffSettings, "baseMs" | "capMs">) =>
  Math.min(settings.capMs, settings.baseMs * 2 ** Math.min(Math.max(failedAttempt - 1, 0), 40));

export type RetryDecision = { kind: "retry"; at: Date } | { kind: "give_up" };

/** After attempt `failedAttempt` of a delivery created at `createdAt` failed at `now`. */
export function nextRetry(failedAttempt: number, createdAt: Date, now: Date, settings: BackoffSettings): RetryDecision {
  const windowEnd = createdAt.getTime() + settings.windowMs;
  if (now.getTime() >= windowEnd) return { kind: "give_up" };
  const delay = Math.floor((settings.random ?? Math.random)() * backoffBound(failedAttempt, settings));
  return { kind: "retry", at: new Date(Math.min(now.getTime() + delay, windowEnd)) };
}
