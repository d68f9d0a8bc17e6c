// The rename of OutboxEmail to DemoEmail is hand-written (Prisma's diff would drop the table):
// rows stored before it must be there after it, with their uniqueness still enforced.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, migrationsDir } from "@/lib/db/migrate";
import { createScratchDatabase, query, type ScratchDatabase } from "@/tests/integration/support/databases";

const RENAME = "20261201123441_demo_mailbox";

describe("the demo mailbox migration", () => {
  let database: ScratchDatabase;
  let before: string;

  beforeAll(async () => {
    database = await createScratchDatabase({ empty: true });
    // The migrations folder as it was before the rename.
    before = await fs.mkdtemp(path.join(os.tmpdir(), "handoff-migrations-"));
    for (const entry of await fs.readdir(migrationsDir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name >= RENAME) continue;
      await fs.cp(path.join(migrationsDir, entry.name), path.join(before, entry.name), { recursive: true });
    }
  });

  afterAll(async () => {
    await database.drop();
    await fs.rm(before, { recursive: true, force: true });
  });

  it("keeps the emails stored before it", async () => {
    await migrate(database.url, { directory: before });
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
