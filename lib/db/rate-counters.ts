import { Prisma } from "./client";

/**
 * rate-limiter-flexible's counters (table `rate_limits`, lib/server/rate-limit.ts) counted inside
 * another statement: the message route's turn start counts the sender's and the organization's
 * message rates in its own round trip and commit instead of one statement each
 * (docs/benchmarks.md). The arithmetic is the library's own (RateLimiterPostgres `_upsert`, one
 * point, no block), on the same rows, so a count taken here and one taken by the library are one
 * count; tests/integration/db/rate-counters.test.ts holds the two together.
 */

/** A counter as the statement left it: points in its window, and when the window ends (ms since the epoch; null: never). */
export interface CounterState {
  points: number;
  expire: number | null;
}

/** One point in a window of `durationMs`, at the app's clock (the library compares windows to `Date.now()`). */
export interface CountOnce {
  durationMs: number;
  nowMs: number;
}

/**
 * The tail of `INSERT INTO "rate_limits" … VALUES/SELECT (key, 1, window end)` that makes it count
 * one point: a window that ended starts again at 1, otherwise the point is added to it.
 */
export function countOnceOnConflict({ nowMs }: CountOnce): Prisma.Sql {
  return Prisma.sql`ON CONFLICT ("key") DO UPDATE SET
      "points" = CASE WHEN "rate_limits"."expire" <= ${nowMs}::bigint THEN 1 ELSE "rate_limits"."points" + 1 END,
      "expire" = CASE WHEN "rate_limits"."expire" <= ${nowMs}::bigint THEN EXCLUDED."expire" ELSE "rate_limits"."expire" END
    RETURNING "points", "expire"`;
}

/** The window end a new counter is inserted with. */
export const windowEnd = ({ durationMs, nowMs }: CountOnce) => nowMs + durationMs;
