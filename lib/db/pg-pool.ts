import { Pool } from "pg";
import { databaseUrl } from "./database-url";

const globalForPool = globalThis as unknown as { handoffPgPool?: Pool };

/** A raw pg pool for libraries that speak pg directly (rate limiter, LISTEN/NOTIFY, job queue). */
export function getPgPool(): Pool {
  globalForPool.handoffPgPool ??= new Pool({ connectionString: databaseUrl(), max: 5 });
  return globalForPool.handoffPgPool;
}
