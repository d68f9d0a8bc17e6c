// The query-path half of the distribution precondition (tests/integration/tenancy/distribution-keys.test.ts):
// every SQL statement the app sends, through Prisma (adapter-pg) or raw pg alike, that names a tenant table
// (quoted, as every statement of the app and of Prisma writes it) must name "organizationId" too, so that on
// Citus it is routed to the organization's node. Installed for every integration file by
// per-file-database.ts; statements whose first frame in the project is a test file are the test's own, and
// the migrator's DDL (lib/db/migrate.ts) is no query path. Statements Prisma sends run outside their caller's
// async stack (no project frame): they are not attributed here, and their unique selectors carry the tenant
// at the type level instead (ARCHITECTURE.md, "Past one PostgreSQL"). Raw pg statements are checked here.
// A statement-level rule, deliberately simple: it cannot tell a WHERE from a SELECT list, but a statement
// that never names the tenant column certainly reaches tenant rows without it.
import path from "node:path";
import pg from "pg";
import { GLOBAL_TABLES } from "@/lib/db/global-tables";

const PROJECT = path.resolve(import.meta.dirname, "../../..");
const TESTS = path.join(PROJECT, "tests") + path.sep;
const MIGRATOR = path.join(PROJECT, "lib", "db", "migrate.ts");

export interface TenantQueryViolation {
  statement: string;
  caller: string;
}

/** Tables of the migrated schema that are a tenant's (not in lib/db/global-tables.ts). */
export async function tenantTables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string }>(
      `SELECT c.relname AS "table" FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
    );
    return rows.map((row) => row.table).filter((table) => !Object.hasOwn(GLOBAL_TABLES, table));
  } finally {
    await client.end();
  }
}

/** The first frame of the stack in the project's own code (not node_modules), or "" when there is none. */
function projectCaller(stack: string): string {
  for (const line of stack.split("\n").slice(1)) {
    if (line.includes(PROJECT) && !line.includes(`${path.sep}node_modules${path.sep}`) && !line.includes("tenant-query-check")) {
      return line.trim().replace(/^at /, "");
    }
  }
  return "";
}

/** The statement's text when it names a tenant table but not organizationId, else null. */
export function statementWithoutTenant(text: string, tables: readonly string[]): string | null {
  if (text.includes('"organizationId"')) return null;
  return tables.some((table) => text.includes(`"${table}"`)) ? text.replace(/\s+/g, " ").trim() : null;
}

const INSTALLED = Symbol.for("handoff.tenantQueryCheck");

interface Check {
  tables: readonly string[];
  violations: TenantQueryViolation[];
}

/**
 * Wraps pg's Client#query (Pool and Prisma's adapter go through it) once per process (pg is loaded once
 * per worker, shared by the files it runs) and starts a new list of violations for this file.
 */
export function installTenantQueryCheck(tables: readonly string[]): TenantQueryViolation[] {
  const state = globalThis as { [INSTALLED]?: Check };
  const check: Check = { tables, violations: [] };
  const installed = state[INSTALLED] !== undefined;
  state[INSTALLED] = check;
  if (!installed) {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const current = state[INSTALLED];
      const first = args[0];
      const text = typeof first === "string" ? first : (first as { text?: unknown } | null)?.text;
      if (current && typeof text === "string") {
        const statement = statementWithoutTenant(text, current.tables);
        if (statement) {
          const limit = Error.stackTraceLimit;
          Error.stackTraceLimit = 60;
          const caller = projectCaller(new Error().stack ?? "");
          Error.stackTraceLimit = limit;
          if (caller && !caller.includes(TESTS) && !caller.includes(MIGRATOR)) current.violations.push({ statement, caller });
        }
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
  }
  return check.violations;
}
