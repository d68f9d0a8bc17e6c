// Runs before each integration test file, in its module graph: gives the file its own database,
// a copy of the migrated template, and points DATABASE_URL at it before any app code reads it.
import { afterAll } from "vitest";
import { disconnectPrisma } from "@/lib/db/client";
import { createScratchDatabase } from "@/tests/integration/support/databases";

// A worker may have run another file before: never reuse a client bound to that file's database.
await disconnectPrisma();
const database = await createScratchDatabase();
process.env.DATABASE_URL = database.url;

afterAll(async () => {
  await disconnectPrisma();
  await database.drop();
});
