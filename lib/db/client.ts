// The Prisma client for the app: one per process, over node-postgres through @prisma/adapter-pg.
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/db/generated/client";
import { serverEnv } from "@/lib/server/env";
import { preparedStatementName } from "./statement-names";

export * from "@/lib/db/generated/client";

/** A new client for an explicit database URL (tests, scripts). The caller disconnects it. */
export function createPrismaClient(databaseUrl: string): PrismaClient {
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString: databaseUrl }, { statementNameGenerator: preparedStatementName }),
  });
}

// On globalThis so that Next.js hot reloads, which re-evaluate this module, reuse the pool.
const shared = globalThis as typeof globalThis & { handoffPrisma?: PrismaClient };

/** The shared client, created on first use so that tests and scripts can set DATABASE_URL first. */
export function getPrisma(): PrismaClient {
  if (!shared.handoffPrisma) {
    const url = serverEnv().DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set. `npm run dev` starts a database and sets it; see docs/database.md.");
    shared.handoffPrisma = createPrismaClient(url);
  }
  return shared.handoffPrisma;
}

/** `getPrisma()` as a value: `prisma.user.findMany()`. Nothing connects until the first property access. */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const client = getPrisma();
    const value = Reflect.get(client, property, client) as unknown;
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** Whether `db` is the shared client (`prisma` or `getPrisma()`), whose database the raw pool (lib/db/raw-sql.ts) reaches too. */
export function isSharedPrisma(db: unknown): boolean {
  return db === prisma || (shared.handoffPrisma !== undefined && db === shared.handoffPrisma);
}

/** Closes the shared client; the next use creates a new one (reading DATABASE_URL again). */
export async function disconnectPrisma(): Promise<void> {
  const client = shared.handoffPrisma;
  shared.handoffPrisma = undefined;
  await client?.$disconnect();
}
