/**
 * The one answer to "did this fail because the database is away (stopped, restarting, starting up,
 * unreachable)?", as opposed to a query the database refused. Such failures are retried (event
 * writes, settling a run) or answered 503 (requests); a refusal never is.
 *
 * Errors arrive in several wrappings, all seen on a real restart and crash (the shapes are in
 * tests/unit/server/database-unavailable-shapes.json): pg's own (a SQLSTATE `code`, or a Node
 * socket error), pg-pool's "timeout exceeded when trying to connect", and Prisma's, which wraps the
 * driver's error as a `cause` (`kind: "DatabaseNotReachable"`, or `kind: "postgres"` with the
 * SQLSTATE as `originalCode`) or names it only in its message.
 */

/** SQLSTATEs of a server that is shutting down, starting, or whose connection broke (class 08, 57P01–57P03). */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);
/** Node's socket errors on connect or mid-query. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
/** Prisma's codes for "can't reach", "timed out reaching", "server closed the connection", "no connection from the pool in time". */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1017", "P2024"]);
/** The driver adapter's kinds for the same (@prisma/adapter-pg's convertDriverError). */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const MESSAGES = [
  /Can't reach database server/i,
  /Connection terminated/i,
  /connection error and is not queryable/i,
  /timeout exceeded when trying to connect/i,
  /the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/i,
  /terminating connection due to administrator command/i,
  /Server has closed the connection/i,
];

/** What a person reads when a run failed because the database was away for a moment (and is back: the failure is stored). */
export const DATABASE_BLIP_RUN_MESSAGE =
  "The database was briefly unavailable, so this answer stopped. Retry the last message; nothing you sent was lost.";

/** `GloveConfig.describeFailure`: names the true cause when a run failed because the database was away. */
export const describeDatabaseFailure = (error: unknown): string | null => (isDatabaseUnavailable(error) ? DATABASE_BLIP_RUN_MESSAGE : null);

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current: unknown = error; current && typeof current === "object" && !seen.has(current);) {
    seen.add(current);
    // A failure of a call to another service (a model, a webhook's receiver) carries the same socket
    // codes in its causes; it is that service's trouble, not the database's.
    if (isOutboundFailure(current as Record<string, unknown>)) return false;
    if (matches(current as Record<string, unknown>)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return typeof error === "string" && MESSAGES.some((pattern) => pattern.test(error));
}

/** Errors of outbound calls: a model adapter's (`ModelError`, or any error worded for people), fetch's, `safeFetch`'s. */
function isOutboundFailure(error: Record<string, unknown>): boolean {
  if (error.name === "ModelError" || error.name === "SafeFetchError" || typeof error.userMessage === "string") return true;
  return error instanceof TypeError && error.message === "fetch failed";
}

function matches(error: Record<string, unknown>): boolean {
  const code = typeof error.code === "string" ? error.code : undefined;
  if (code && (UNAVAILABLE_SQLSTATES.has(code) || SOCKET_CODES.has(code) || PRISMA_CODES.has(code))) return true;
  if (typeof error.originalCode === "string" && UNAVAILABLE_SQLSTATES.has(error.originalCode)) return true;
  if (typeof error.kind === "string" && ADAPTER_KINDS.has(error.kind)) return true;
  // AggregateError (a connect that tried several addresses) carries its socket errors in `errors`.
  if (Array.isArray(error.errors) && error.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  const meta = error.meta as { driverAdapterError?: unknown } | undefined;
  if (meta?.driverAdapterError && isDatabaseUnavailable(meta.driverAdapterError)) return true;
  return typeof error.message === "string" && MESSAGES.some((pattern) => pattern.test(error.message as string));
}
