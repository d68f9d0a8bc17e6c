// The message tree's migration: a linear history stored before it becomes one path, nothing lost,
// and later appends hang under its last message.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "@/lib/db/client";
import { migrate, migrationsDir } from "@/lib/db/migrate";
import { PostgresStore } from "@/lib/db/postgres-store";
import { createScratchDatabase, query, type ScratchDatabase } from "@/tests/integration/support/databases";

const TREE = "20261201220630_message_tree";

describe("the message tree migration", () => {
  let database: ScratchDatabase;
  let before: string;

  beforeAll(async () => {
    database = await createScratchDatabase({ empty: true });
    before = await fs.mkdtemp(path.join(os.tmpdir(), "handoff-migrations-"));
    for (const entry of await fs.readdir(migrationsDir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name >= TREE) continue;
      await fs.cp(path.join(migrationsDir, entry.name), path.join(before, entry.name), { recursive: true });
    }
  });

  afterAll(async () => {
    await database.drop();
    await fs.rm(before, { recursive: true, force: true });
  });

  it("keeps a linear history as the active path", async () => {
    await migrate(database.url, { directory: before });
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
