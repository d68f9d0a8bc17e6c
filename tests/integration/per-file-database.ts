// Runs before each integration test file, in its module graph: gives the file its own database,
// a copy of the migrated template, and points DATABASE_URL at it before any app code reads it.
import { afterAll, expect } from "vitest";
import { disconnectPrisma } from "@/lib/db/client";
import { createScratchDatabase } from "@/tests/integration/support/databases";
import { installTenantQueryCheck, tenantTables } from "@/tests/integration/support/tenant-query-check";

// A worker may have run another file before: never reuse a client bound to that file's database.
await disconnectPrisma();
const database = await createScratchDatabase();
process.env.DATABASE_URL = database.url;
const tenantQueryViolations = installTenantQueryCheck(await tenantTables(database.url));

afterAll(async () => {
  await disconnectPrisma();
  await database.drop();
  const named = tenantQueryViolations.map(({ statement, caller }) => `${caller}: ${statement}`);
  expect(named, "statements of the app that reach a tenant table without organizationId").toEqual([]);
});
