import { randomUUID } from "node:crypto";
import pg from "pg";
import { recordWorkerHeartbeat, removeWorkerHeartbeat } from "@/lib/db/worker-heartbeat";
import { logger } from "@/lib/server/logger";

/** How often a worker records that it lives. */
export const WORKER_HEARTBEAT_MS = 5_000;
/** A beat older than this (six missed beats) means no worker runs: deliveries wait. */
export const WORKER_STALE_MS = 30_000;

export type WorkerStatus = "alive" | "stale" | "absent";

export const workerStatus = (beatAgeMs: number | null): WorkerStatus =>
  beatAgeMs === null ? "absent" : beatAgeMs > WORKER_STALE_MS ? "stale" : "alive";

/**
 * Beats for this worker process until stopped, on a connection of its own (one client, so a
 * saturated delivery pool never delays the beat). A beat that fails is only logged: the next one
 * comes anyway, and health reports the age of the last one that was stored.
 */
export function startWorkerHeartbeat(databaseUrl: string): { stop(): Promise<void> } {
  const workerId = randomUUID();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, application_name: "handoff-worker-heartbeat" });
  pool.on("error", () => {}); // an idle connection closed by a database restart; the next beat reconnects
  const query = (text: string, values: unknown[]) => pool.query(text, values);
  const beat = () =>
    recordWorkerHeartbeat(query, workerId).catch((error: unknown) => logger.warn("the worker's heartbeat could not be stored", { error }));
  void beat();
  const timer = setInterval(() => void beat(), WORKER_HEARTBEAT_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await removeWorkerHeartbeat(query, workerId).catch(() => {});
      await pool.end();
    },
  };
}
