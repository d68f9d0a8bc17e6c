// Future tables cannot be forgotten by the purge: every table that names a conversation (a
// conversationId column, or a foreign key to Conversation) must be one the purge test seeds and
// proves empty afterwards (seed.ts CONVERSATION_TABLES, purge.test.ts). A new table fails here
// until it is added there (and, when its foreign key does not cascade, to purgeConversations).
import { describe, expect, it } from "vitest";
import { getTestPrisma } from "@/tests/integration/support/databases";
import { CONVERSATION_TABLES } from "./seed";

describe("the purge's coverage of the schema", () => {
  it("every table with a conversationId column is seeded and checked by the purge test", async () => {
    const rows = await getTestPrisma().$queryRaw<{ table: string }[]>`
      SELECT table_name AS "table" FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'conversationId'
      ORDER BY table_name`;
    expect(rows.map((row) => row.table)).toEqual([...CONVERSATION_TABLES].sort());
  });

  it("every table with a foreign key to Conversation is too", async () => {
    const rows = await getTestPrisma().$queryRaw<{ table: string }[]>`
      SELECT DISTINCT conrelid::regclass::text AS "table" FROM pg_constraint
      WHERE contype = 'f' AND confrelid = '"Conversation"'::regclass`;
    const tables = rows.map((row) => row.table.replaceAll('"', ""));
    expect(tables.filter((table) => !(CONVERSATION_TABLES as readonly string[]).includes(table))).toEqual([]);
  });
});
