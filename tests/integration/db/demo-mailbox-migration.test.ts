// The rename of OutboxEmail to DemoEmail is hand-written (Prisma's diff would drop the table):
// rows stored before it must be there after it, with their uniqueness still enforced.
import { describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { query } from "@/tests/integration/support/databases";
import { databaseBeforeMigration } from "@/tests/integration/support/database-before-migration";

const RENAME = "20261201123441_demo_mailbox";

describe("the demo mailbox migration", () => {
  const database = databaseBeforeMigration(RENAME);

  it("keeps the emails stored before it", async () => {
    await database.migrateToJustBefore();
    await query(database.url, `INSERT INTO "Organization" (id, slug, name, "updatedAt") VALUES ('org-1', 'kept', 'Kept', now())`);
    await query(
      database.url,
      `INSERT INTO "OutboxEmail" (id, "organizationId", "toolCallId", "to", subject, body) VALUES ('mail-1', 'org-1', 'call-1', 'ada@example.com', 'Kept', 'Still here')`,
    );

    // Later migrations apply after it; the rename is the first one the old database lacked.
    expect((await migrate(database.url)).applied[0]).toEqual(RENAME);

    expect(await query(database.url, `SELECT id, "to", subject FROM "DemoEmail"`)).toEqual([
      { id: "mail-1", to: "ada@example.com", subject: "Kept" },
    ]);
    await expect(
      query(
        database.url,
        `INSERT INTO "DemoEmail" (id, "organizationId", "toolCallId", "to", subject, body) VALUES ('mail-2', 'org-1', 'call-1', 'x@example.com', 's', 'b')`,
      ),
    ).rejects.toThrow(/DemoEmail_organizationId_toolCallId_key/);
  });
});
