/** How long a running run's lease lasts without a heartbeat (`RUN_LEASE_MS`, default 30 s); heartbeats come every third of it. */
export function runLeaseMs(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.RUN_LEASE_MS);
  return Number.isFinite(configured) && configured >= 500 ? configured : 30_000;
}

export const SERVER_STOPPED_MESSAGE = "The server running this answer stopped. Retry the last message.";
