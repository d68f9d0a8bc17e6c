// The message tree's migration: a linear history stored before it becomes one path, nothing lost,
// and later appends hang under its last message.
import { describe, expect, it } from "vitest";
import { createPrismaClient } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { PostgresStore } from "@/lib/db/postgres-store";
import { query } from "@/tests/integration/support/databases";
import { databaseBeforeMigration } from "@/tests/integration/support/database-before-migration";

const TREE = "20261201220630_message_tree";

describe("the message tree migration", () => {
  const database = databaseBeforeMigration(TREE);

  it("keeps a linear history as the active path", async () => {
    await database.migrateToJustBefore();
    await query(database.url, `INSERT INTO "Organization" (id, slug, name, "updatedAt") VALUES ('org-1', 'kept', 'Kept', now())`);
    await query(
      database.url,
      `INSERT INTO "Conversation" (id, "organizationId", title, "updatedAt") VALUES ('c-1', 'org-1', 'Kept', now())`,
    );
    await query(database.url, `INSERT INTO "AgentStore" (id, "organizationId", "conversationId") VALUES ('s-1', 'org-1', 'c-1')`);
    for (const [id, sender, text] of [
      ["m1", "user", "one"],
      ["m2", "agent", "two"],
      ["m3", "user", "three"],
    ])
      await query(
        database.url,
        `INSERT INTO "Message" ("storeId", "organizationId", "messageId", sender, text) VALUES ('s-1', 'org-1', '${id}', '${sender}', '${text}')`,
      );

    expect((await migrate(database.url)).applied).toContain(TREE);

    const db = createPrismaClient(database.url);
    try {
      const store = PostgresStore.ofKnownStore(db, { organizationId: "org-1", conversationId: "c-1" }, "s-1");
      expect((await store.getMessages()).map((message) => message.text)).toEqual(["one", "two", "three"]);
      expect(await store.getBranchPoints()).toEqual([]);
      await store.appendMessages([{ id: "m4", sender: "agent", text: "four" }]);
      expect((await store.getMessages()).map((message) => message.text)).toEqual(["one", "two", "three", "four"]);
    } finally {
      await db.$disconnect();
    }
  });
});
