import "server-only";
import pg from "pg";
import type { Prisma } from "./client";
import { getPgPool, type PoolKind } from "./pg-pool";
import { preparedStatementName } from "./statement-names";
import { utcTimestamp } from "./store/records";

// Prisma's raw results for the types our hot statements return: int8 as bigint, timestamp(3) and
// date as UTC instants (node-postgres would read them in the server's local zone).
const PRISMA_LIKE_TYPES: Record<number, (value: string) => unknown> = {
  20: (value) => BigInt(value),
  1082: (value) => new Date(`${value}T00:00:00Z`),
  1114: utcTimestamp,
};
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    (format ?? "text") === "text" && PRISMA_LIKE_TYPES[oid]
      ? PRISMA_LIKE_TYPES[oid]
      : pg.types.getTypeParser(oid, format as "text")) as never,
};

/** A value as Prisma sends it: instants as UTC text (a `timestamp` column drops the offset), bigints as text. */
const parameter = (value: unknown) => (value instanceof Date ? value.toISOString() : typeof value === "bigint" ? value.toString() : value);

/**
 * `prisma.$queryRaw` for the few statements every chat turn sends (lib/db/postgres-store.ts,
 * turn-start.ts, run-events.ts): the same `Prisma.sql` text and values and the same row types, sent
 * on the app's raw node-postgres pool and prepared once per connection. Prisma's per-query work
 * (its query interpreter and result mapping) was most of the server's CPU per statement on this path
 * (docs/benchmarks.md); the store contract suite runs every store method through here.
 */
export async function rawRows<T>(sql: Prisma.Sql, pool: PoolKind = "durable"): Promise<T[]> {
  const values = sql.values.map(parameter);
  const name = preparedStatementName({ sql: sql.text, args: values });
  const result = await getPgPool(pool).query({ text: sql.text, values, types, ...(name && { name }) });
  return result.rows as T[];
}
