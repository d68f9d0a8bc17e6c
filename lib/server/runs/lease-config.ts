import { serverEnv, type ServerEnv } from "@/lib/server/env";

/** How long a running run's lease lasts without a heartbeat (`RUN_LEASE_MS`, default 30 s); heartbeats come every third of it. */
export function runLeaseMs(env: Pick<ServerEnv, "RUN_LEASE_MS"> = serverEnv()): number {
  return env.RUN_LEASE_MS;
}

export const SERVER_STOPPED_MESSAGE = "The server running this answer stopped. Retry the last message.";
