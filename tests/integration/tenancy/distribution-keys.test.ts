// The precondition for distributing the data by organization (Citus, ARCHITECTURE.md "Past one
// PostgreSQL"): read from the migrated database's own catalog, every table of schema public is either
// global (listed, with its reason, in lib/db/global-tables.ts: a reference table) or a tenant table,
// and a tenant table
// - has an "organizationId" column,
// - has "organizationId" in its primary key and in every unique constraint or unique index (a
//   distributed table can only enforce uniqueness that includes the distribution column),
// - references other tenant tables only by foreign keys that pair "organizationId" with "organizationId"
//   (co-located foreign keys include the distribution column on both sides).
// Foreign keys from a tenant table to a global one are fine: every node holds the reference table.
// The database's own functions (pg_proc.prosrc) are read too: each of their statements that names a
// tenant table (quoted, as every statement here writes it) names "organizationId" as well, so a PL/pgSQL
// body cannot reach tenant rows without the tenant (Citus routes such a call by that argument).
// The keys that arrive before the organization is known (capability tokens, Stripe's customer id) are
// no exception: they are unique per organization here, and the global TenantKey table says whose each is.
import { describe, expect, it } from "vitest";
import { GLOBAL_TABLES } from "@/lib/db/global-tables";
import { query, testDatabaseUrl } from "@/tests/integration/support/databases";
import { statementWithoutTenant } from "@/tests/integration/support/tenant-query-check";

const TENANT_COLUMN = "organizationId";

interface TableRow {
  table: string;
  hasTenantColumn: boolean;
}

interface KeyRow {
  table: string;
  name: string;
  kind: "primary key" | "unique";
  columns: string[];
}

interface ForeignKeyRow {
  table: string;
  name: string;
  referencedTable: string;
  columns: string[];
  referencedColumns: string[];
}

async function tables(): Promise<TableRow[]> {
  return query<TableRow>(
    testDatabaseUrl(),
    `SELECT c.relname AS "table",
            EXISTS (SELECT 1 FROM pg_attribute a
                     WHERE a.attrelid = c.oid AND a.attname = $1 AND a.attnum > 0 AND NOT a.attisdropped) AS "hasTenantColumn"
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      ORDER BY 1`,
    [TENANT_COLUMN],
  );
}

/** Primary keys, unique constraints and unique indexes (a unique index is a constraint to Citus too). */
async function uniqueKeys(): Promise<KeyRow[]> {
  return query<KeyRow>(
    testDatabaseUrl(),
    `SELECT t.relname AS "table", i.relname AS name,
            CASE WHEN x.indisprimary THEN 'primary key' ELSE 'unique' END AS kind,
            ARRAY(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord) AS columns
       FROM pg_index x
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND (x.indisprimary OR x.indisunique)
      ORDER BY 1, 2`,
  );
}

async function foreignKeys(): Promise<ForeignKeyRow[]> {
  return query<ForeignKeyRow>(
    testDatabaseUrl(),
    `SELECT t.relname AS "table", c.conname AS name, r.relname AS "referencedTable",
            ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
            ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS "referencedColumns"
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_class r ON r.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND c.contype = 'f'
      ORDER BY 1, 2`,
  );
}

interface FunctionRow {
  name: string;
  body: string;
}

async function functionBodies(): Promise<FunctionRow[]> {
  return query<FunctionRow>(
    testDatabaseUrl(),
    `SELECT p.proname AS name, p.prosrc AS body
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.prokind = 'f'
      ORDER BY 1`,
  );
}

/** Each statement of a body (split at semicolons) that names a tenant table but not organizationId. */
function statementsWithoutTenant(body: string, tenantTables: ReadonlySet<string>): string[] {
  return body
    .split(";")
    .map((statement) => statement.replace(/\s+/g, " ").trim())
    .filter((statement) => [...tenantTables].some((table) => statement.includes(`"${table}"`)))
    .filter((statement) => !statement.includes(`"${TENANT_COLUMN}"`));
}

function isGlobal(table: string): boolean {
  return Object.hasOwn(GLOBAL_TABLES, table);
}

describe("every tenant table is keyed by organizationId (distributable by organization)", () => {
  it("lists every global table, and every other table carries organizationId", async () => {
    const all = await tables();
    const names = new Set(all.map((row) => row.table));
    expect(all.length).toBeGreaterThan(40);
    expect(
      Object.keys(GLOBAL_TABLES).filter((table) => !names.has(table)),
      "global tables that do not exist",
    ).toEqual([]);
    const untenanted = all.filter((row) => !row.hasTenantColumn && !isGlobal(row.table)).map((row) => row.table);
    expect(untenanted, "tables without organizationId that are not in lib/db/global-tables.ts").toEqual([]);
  });

  it("puts organizationId in every primary key and unique constraint of a tenant table", async () => {
    const tenant = new Set((await tables()).filter((row) => !isGlobal(row.table)).map((row) => row.table));
    const keys = await uniqueKeys();
    expect(keys.filter((key) => tenant.has(key.table) && key.kind === "primary key").length).toBe(tenant.size);
    const violations = keys
      .filter((key) => tenant.has(key.table) && !key.columns.includes(TENANT_COLUMN))
      .map((key) => `${key.table}: ${key.kind} ${key.name} (${key.columns.join(", ")})`);
    expect(violations, "primary keys and unique constraints without organizationId").toEqual([]);
  });

  it("pairs organizationId on both sides of every foreign key between tenant tables", async () => {
    const tenant = new Set((await tables()).filter((row) => !isGlobal(row.table)).map((row) => row.table));
    const violations = (await foreignKeys())
      .filter((fk) => tenant.has(fk.table) && tenant.has(fk.referencedTable))
      .filter((fk) => {
        const at = fk.columns.indexOf(TENANT_COLUMN);
        return at === -1 || fk.referencedColumns[at] !== TENANT_COLUMN;
      })
      .map((fk) => `${fk.table}: ${fk.name} (${fk.columns.join(", ")}) -> ${fk.referencedTable} (${fk.referencedColumns.join(", ")})`);
    expect(violations, "foreign keys between tenant tables without organizationId on both sides").toEqual([]);
  });

  it("names organizationId in every statement of the database's functions that touches a tenant table", async () => {
    const tenant = new Set((await tables()).filter((row) => !isGlobal(row.table)).map((row) => row.table));
    const functions = await functionBodies();
    expect(functions.map((fn) => fn.name)).toEqual(
      expect.arrayContaining(["handoff_start_run", "handoff_append_messages", "handoff_message_path"]),
    );
    const violations = functions.flatMap((fn) => statementsWithoutTenant(fn.body, tenant).map((statement) => `${fn.name}: ${statement}`));
    expect(violations, "function statements that reach tenant rows without organizationId").toEqual([]);
  });

  it("the function check catches a statement without the tenant", () => {
    const tenant = new Set(["Run"]);
    expect(statementsWithoutTenant(`BEGIN PERFORM 1 FROM "Run" WHERE "id" = p_id; RETURN TRUE; END`, tenant)).toEqual([
      `BEGIN PERFORM 1 FROM "Run" WHERE "id" = p_id`,
    ]);
    expect(statementsWithoutTenant(`SELECT 1 FROM "Run" WHERE "organizationId" = p_org AND "id" = p_id`, tenant)).toEqual([]);
  });

  it("the app's statements are checked the same way (tests/integration/support/tenant-query-check.ts)", () => {
    const tables = ["Conversation", "AgentStore"];
    expect(statementWithoutTenant(`SELECT "id" FROM "AgentStore" WHERE "conversationId" = $1`, tables)).toBe(
      `SELECT "id" FROM "AgentStore" WHERE "conversationId" = $1`,
    );
    expect(
      statementWithoutTenant(`SELECT "id" FROM "AgentStore" WHERE "conversationId" = $1 AND "organizationId" = $2`, tables),
    ).toBeNull();
    expect(statementWithoutTenant(`SELECT "id" FROM "User" WHERE "email" = $1`, tables)).toBeNull();
  });
});
