import "server-only";
import { Pool } from "pg";
import { serverEnv } from "@/lib/server/env";

/**
 * `durable`: what must survive a database crash once committed (run events, the bus, and the chat
 * turn's hottest statements: raw-sql.ts), ten connections beside Prisma's pool.
 * `counters`: rate-limit counters. Their commits do not wait for the WAL flush
 * (synchronous_commit=off): a crash may forget the last fraction of a second of counts, which is
 * harmless, and a message no longer waits a disk flush for its rate-limit check.
 * `heartbeats`: run lease renewals (run-leases.ts), on two connections of their own: a liveness
 * signal that queued behind the run work it vouches for would miss its lease exactly when the
 * instance is busiest, and the dead-run sweep would fail runs that are alive.
 */
export type PoolKind = "durable" | "counters" | "heartbeats";

const POOL_SIZES: Record<PoolKind, number> = { durable: 10, counters: 5, heartbeats: 2 };

const globalForPools = globalThis as unknown as { handoffPgPools?: Map<PoolKind, Pool> };

/** A raw pg pool for libraries that speak pg directly (rate limiter, LISTEN/NOTIFY, run events). */
export function getPgPool(kind: PoolKind = "durable"): Pool {
  const connectionString = serverEnv().DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: start the app with `npm run dev` or set DATABASE_URL.");
  const pools = (globalForPools.handoffPgPools ??= new Map());
  let pool = pools.get(kind);
  if (!pool) {
    pool = new Pool({
      connectionString,
      max: POOL_SIZES[kind],
      ...(kind === "counters" && { options: "-c synchronous_commit=off" }),
    });
    // An idle connection that dies (a database restart) emits "error" on the pool; unheard, it would end the process.
    pool.on("error", (error: Error) =>
      console.error(JSON.stringify({ level: "warn", message: "an idle database connection was closed", error: error.message })),
    );
    pools.set(kind, pool);
  }
  return pool;
}
