// The search_active_path migration: messages stored before it are marked on or off their store's
// active path, so a version a branch replaced is not found; later leaf moves keep the mark.
import { describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { query } from "@/tests/integration/support/databases";
import { databaseBeforeMigration } from "@/tests/integration/support/database-before-migration";

const ACTIVE_PATH = "20261202010726_search_active_path";

describe("the search active path migration", () => {
  const database = databaseBeforeMigration(ACTIVE_PATH);

  const onPath = async () =>
    (await query<{ messageId: string }>(database.url, `SELECT "messageId" FROM "Message" WHERE "onPath" ORDER BY "seq"`)).map(
      (row) => row.messageId,
    );

  it("marks the stored tree's active path, and moving the leaf moves the mark", async () => {
    await database.migrateToJustBefore();
    await query(database.url, `INSERT INTO "Organization" (id, slug, name, "updatedAt") VALUES ('org-1', 'kept', 'Kept', now())`);
    await query(
      database.url,
      `INSERT INTO "Conversation" (id, "organizationId", title, "updatedAt") VALUES ('c-1', 'org-1', 'Kept', now())`,
    );
    await query(database.url, `INSERT INTO "AgentStore" (id, "organizationId", "conversationId") VALUES ('s-1', 'org-1', 'c-1')`);
    // m1 → m2 (a reply a regenerate replaced) and m1 → m3 → m4 (the active path).
    for (const [id, parent] of [
      ["m1", null],
      ["m2", "m1"],
      ["m3", "m1"],
      ["m4", "m3"],
    ] as const)
      await query(
        database.url,
        `INSERT INTO "Message" ("storeId", "organizationId", "messageId", "parentSeq", sender, text)
         VALUES ('s-1', 'org-1', $1, (SELECT "seq" FROM "Message" WHERE "messageId" = $2), 'user', $1)`,
        [id, parent],
      );
    await query(database.url, `UPDATE "AgentStore" SET "leafSeq" = (SELECT "seq" FROM "Message" WHERE "messageId" = 'm4')`);

    expect((await migrate(database.url)).applied).toContain(ACTIVE_PATH);
    expect(await onPath()).toEqual(["m1", "m3", "m4"]);

    const moveLeaf = (messageId: string | null) =>
      query(database.url, `UPDATE "AgentStore" SET "leafSeq" = (SELECT "seq" FROM "Message" WHERE "messageId" = $1)`, [messageId]);
    await moveLeaf("m2");
    expect(await onPath()).toEqual(["m1", "m2"]);
    await moveLeaf("m4");
    expect(await onPath()).toEqual(["m1", "m3", "m4"]);
    await moveLeaf("m3");
    expect(await onPath()).toEqual(["m1", "m3"]);
    await moveLeaf(null);
    expect(await onPath()).toEqual([]);
    await moveLeaf("m4");
    expect(await onPath()).toEqual(["m1", "m3", "m4"]);
  });
});
