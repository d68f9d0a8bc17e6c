// The TenantKey migration backfills the table from the rows stored before it: every existing capability
// key keeps working after it, owned by its row's organization, and the keys become unique per organization.
import { describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { query } from "@/tests/integration/support/databases";
import { databaseBeforeMigration } from "@/tests/integration/support/database-before-migration";

const TENANT_KEYS = "20261202152000_tenant_keys";

const ROWS_BEFORE = [
  `INSERT INTO "User" (id, email, name, "updatedAt") VALUES ('user-1', 'ada@example.test', 'Ada', now())`,
  `INSERT INTO "Organization" (id, slug, name, "updatedAt") VALUES ('org-1', 'one', 'One', now()), ('org-2', 'two', 'Two', now())`,
  `INSERT INTO "ApiKey" (id, "organizationId", "publicId", name, "keyHash", scopes) VALUES ('key-1', 'org-1', '0123456789abcdef', 'Worker', 'hash', '{inbox:read}')`,
  `INSERT INTO "Invite" (id, "organizationId", email, "tokenHash", "createdById", "expiresAt") VALUES ('inv-1', 'org-2', 'bo@example.test', 'invite-hash', 'user-1', now())`,
  `INSERT INTO "Conversation" (id, "organizationId", "updatedAt") VALUES ('conv-1', 'org-1', now())`,
  `INSERT INTO "AgentStore" (id, "organizationId", "conversationId") VALUES ('store-1', 'org-1', 'conv-1')`,
  `INSERT INTO "InboxItem" ("storeId", id, "organizationId", "conversationId", tag, request, status, blocking, "createdAt", "publicId")
     VALUES ('store-1', 'call-1', 'org-1', 'conv-1', 'ops', 'Approve?', 'pending', false, now(), 'inb_kept')`,
  `INSERT INTO "ShareLink" (id, "organizationId", "conversationId", "tokenHash", "tokenPrefix", audience, mode, "createdById")
     VALUES ('share-1', 'org-1', 'conv-1', 'share-hash', 'abc', 'public', 'live', 'user-1')`,
  `INSERT INTO "OrganizationBilling" ("organizationId", "stripeCustomerId", "updatedAt") VALUES ('org-1', 'cus_kept', now()), ('org-2', NULL, now())`,
];

describe("the TenantKey migration", () => {
  const database = databaseBeforeMigration(TENANT_KEYS);

  it("gives every key stored before it its owner, and then allows the same key in another organization's row", async () => {
    await database.migrateToJustBefore();
    for (const statement of ROWS_BEFORE) await query(database.url, statement);

    expect((await migrate(database.url)).applied[0]).toEqual(TENANT_KEYS);

    expect(await query(database.url, `SELECT kind, key, "organizationId" FROM "TenantKey" ORDER BY kind`)).toEqual([
      { kind: "api_key", key: "0123456789abcdef", organizationId: "org-1" },
      { kind: "inbox_item", key: "inb_kept", organizationId: "org-1" },
      { kind: "invite", key: "invite-hash", organizationId: "org-2" },
      { kind: "share_link", key: "share-hash", organizationId: "org-1" },
      { kind: "stripe_customer", key: "cus_kept", organizationId: "org-1" },
    ]);
    // Unique per organization now: the same public id in another organization is a row of its own.
    await query(
      database.url,
      `INSERT INTO "ApiKey" (id, "organizationId", "publicId", name, "keyHash", scopes) VALUES ('key-2', 'org-2', '0123456789abcdef', 'Copy', 'hash', '{}')`,
    );
    await expect(
      query(
        database.url,
        `INSERT INTO "ApiKey" (id, "organizationId", "publicId", name, "keyHash", scopes) VALUES ('key-3', 'org-1', '0123456789abcdef', 'Again', 'hash', '{}')`,
      ),
    ).rejects.toThrow(/ApiKey_organizationId_publicId_key/);
  });
});
