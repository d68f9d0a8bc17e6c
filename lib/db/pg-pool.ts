import { Pool } from "pg";

const globalForPool = globalThis as unknown as { handoffPgPool?: Pool };

/** A raw pg pool for libraries that speak pg directly (rate limiter, LISTEN/NOTIFY). */
export function getPgPool(): Pool {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: start the app with `npm run dev` or set DATABASE_URL.");
  if (!globalForPool.handoffPgPool) {
    const pool = new Pool({ connectionString, max: 5 });
    // An idle connection that dies (a database restart) emits "error" on the pool; unheard, it would end the process.
    pool.on("error", (error) => console.error(JSON.stringify({ level: "warn", message: "an idle database connection was closed", error: error.message })));
    globalForPool.handoffPgPool = pool;
  }
  return globalForPool.handoffPgPool;
}
