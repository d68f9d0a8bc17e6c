// schema.prisma is the source of truth; prisma/migrations, applied by lib/db/migrate.ts, must build
// exactly that schema. Prisma 6's engine compares the two (tables, columns, types, nullability,
// defaults, indexes, unique constraints, foreign keys, enums): see tooling/db/prisma6-cli.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffDatabaseToSchema } from "@/tooling/db/prisma6-cli";
import { createScratchDatabase, query, testDatabaseUrl, type ScratchDatabase } from "@/tests/integration/support/databases";

describe("schema drift", () => {
  it("the migrated database matches schema.prisma", async () => {
    const diff = await diffDatabaseToSchema({ databaseUrl: testDatabaseUrl() });
    expect(diff.script, "schema.prisma and prisma/migrations disagree: run `npm run db:migration:new <name>`").toBe("");
    expect(diff.empty).toBe(true);
  });

  describe("reports a database that drifted", () => {
    let drifted: ScratchDatabase;

    beforeAll(async () => {
      drifted = await createScratchDatabase();
      await query(
        drifted.url,
        `ALTER TABLE "User" ADD COLUMN "nickname" TEXT;
         ALTER TABLE "User" ALTER COLUMN "name" DROP NOT NULL;
         ALTER TABLE "Membership" ALTER COLUMN "role" SET DEFAULT 'admin';
         DROP INDEX "Account_userId_idx";
         ALTER TABLE "Invite" DROP CONSTRAINT "Invite_createdById_fkey";
         ALTER TYPE "Role" ADD VALUE 'guest';`,
      );
    });

    afterAll(() => drifted.drop());

    it("names every difference in the SQL that would repair it", async () => {
      const diff = await diffDatabaseToSchema({ databaseUrl: drifted.url });
      expect(diff.empty).toBe(false);
      expect(diff.script).toContain(`DROP COLUMN "nickname"`);
      expect(diff.script).toMatch(/ALTER COLUMN "name" SET NOT NULL/);
      expect(diff.script).toMatch(/ALTER COLUMN "role" SET DEFAULT 'member'/);
      expect(diff.script).toContain(`CREATE INDEX "Account_userId_idx"`);
      expect(diff.script).toContain(`ADD CONSTRAINT "Invite_createdById_fkey"`);
      expect(diff.script).toContain(`CREATE TYPE "Role_new" AS ENUM ('owner', 'admin', 'member')`);
    });
  });
});
