import { Pool } from "pg";

const globalForPool = globalThis as unknown as { handoffPgPool?: Pool };

/** A raw pg pool for libraries that speak pg directly (rate limiter, LISTEN/NOTIFY, job queue). */
export function getPgPool(): Pool {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: start the app with `npm run dev` or set DATABASE_URL.");
  globalForPool.handoffPgPool ??= new Pool({ connectionString, max: 5 });
  return globalForPool.handoffPgPool;
}
