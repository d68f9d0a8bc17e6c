// The driver adapter the Prisma 6 CLI uses for `migrate diff` (loaded by the config that
// tooling/db/prisma6-cli.ts writes). Imported by path from a generated file: no `@/` imports.
import { PrismaPg } from "@prisma/adapter-pg";
import { randomUUID } from "node:crypto";
import pg from "pg";

const CHAR_OID = 18; // PostgreSQL's internal one-byte "char" (pg_class.relkind, pg_constraint.contype, ...)
const TEXT_OID = 25;
const CHARACTER_COLUMN_TYPE = 6; // ColumnTypeEnum.Character in @prisma/driver-adapter-utils
const CHAR_COLUMN_MARK = "\u0000char";

/**
 * @prisma/adapter-pg maps no column type for "char", so Prisma 6's schema describer fails with
 * "Column type 'char' could not be deserialized" (prisma/orm#27403) as soon as it inspects a
 * database; and the describer needs such columns typed as Character, not Text, or its WASM engine
 * panics ("unreachable") on the first table that has constraints. pg's client sees the type: it
 * reports "char" columns as text and marks their names; the adapter wrapper below then restores
 * the name and types the column as Character.
 */
class CharColumnsMarkingClient extends pg.Client {
  // pg's query() has many overloads (promise, callback, submittable); forward them all unchanged.
  query(...args: unknown[]): never {
    const last = args.at(-1);
    if (typeof last === "function") {
      const callback = last as (error: Error | null, result: unknown) => void;
      const forwarded = [
        ...args.slice(0, -1),
        (error: Error | null, result: unknown) => callback(error, error ? result : markCharColumns(result)),
      ];
      return Reflect.apply(super.query, this, forwarded) as never;
    }
    const result = Reflect.apply(super.query, this, args) as unknown;
    return (isPromise(result) ? result.then(markCharColumns) : result) as never;
  }
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as Promise<unknown> | undefined)?.then === "function";
}

function markCharColumns(result: unknown): unknown {
  const fields = (result as { fields?: Array<{ name: string; dataTypeID: number }> } | undefined)?.fields;
  for (const field of fields ?? []) {
    if (field.dataTypeID !== CHAR_OID) continue;
    field.dataTypeID = TEXT_OID;
    field.name += CHAR_COLUMN_MARK;
  }
  return result;
}

interface ResultSet {
  columnNames: string[];
  columnTypes: number[];
}

function typeMarkedColumnsAsCharacter<T extends ResultSet>(resultSet: T): T {
  resultSet.columnNames.forEach((name, index) => {
    if (!name.endsWith(CHAR_COLUMN_MARK)) return;
    resultSet.columnNames[index] = name.slice(0, -CHAR_COLUMN_MARK.length);
    resultSet.columnTypes[index] = CHARACTER_COLUMN_TYPE;
  });
  return resultSet;
}

type Queryable = { queryRaw(query: unknown): Promise<ResultSet>; startTransaction?(...args: unknown[]): Promise<Queryable> };

/** Wraps an adapter (or a transaction) so that every result set gets its "char" columns typed. */
function withCharacterColumns<T extends object>(queryable: T, overrides: Record<string, unknown> = {}): T {
  return new Proxy(queryable, {
    get(target, property, receiver) {
      if (typeof property === "string" && property in overrides) return overrides[property];
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (property === "queryRaw") {
        return async (query: unknown) => typeMarkedColumnsAsCharacter(await (value as Queryable["queryRaw"]).call(target, query));
      }
      if (property === "startTransaction") {
        return async (...args: unknown[]) =>
          withCharacterColumns(await (value as (...a: unknown[]) => Promise<object>).apply(target, args));
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/**
 * The adapter for Prisma 6's `migrate diff`. Its "shadow database" is where the engine replays
 * `--from-migrations` and then reads the resulting schema. By default a fresh database, created and
 * dropped here: adapter-pg's own connectToShadowDb connects back to the main database (pg lets the
 * connection string override the `database` it is given), which would run migrations there. With
 * `inspectDatabaseUrl`, an existing database, so that replaying an empty migrations folder yields
 * that database's own schema: the only way to diff a live database through an adapter, since
 * Prisma 6 refuses `--from-url` when a config defines one.
 */
export function prisma6Adapter(connectionString: string, inspectDatabaseUrl?: string): PrismaPg {
  const factory = new PrismaPg(poolConfig(connectionString));
  const connect = factory.connect.bind(factory);
  factory.connect = async () => withCharacterColumns(await connect());
  factory.connectToShadowDb = inspectDatabaseUrl
    ? async () => withCharacterColumns(await new PrismaPg(poolConfig(inspectDatabaseUrl)).connect())
    : () => connectToFreshDatabase(connectionString);
  return factory;
}

async function connectToFreshDatabase(connectionString: string): ReturnType<PrismaPg["connect"]> {
  const name = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
  const server = new pg.Client({ connectionString });
  await server.connect();
  await server.query(`CREATE DATABASE "${name}"`);
  const url = new URL(connectionString);
  url.pathname = `/${name}`;
  const adapter = await new PrismaPg(poolConfig(url.toString())).connect();
  const dispose = async () => {
    await adapter.dispose();
    await server.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await server.end();
  };
  return withCharacterColumns(adapter, { dispose });
}

function poolConfig(connectionString: string): pg.PoolConfig {
  // allowExitOnIdle: the CLI never disposes the main adapter, and idle pooled connections would keep it alive for 10 s.
  return { connectionString, Client: CharColumnsMarkingClient, allowExitOnIdle: true };
}
