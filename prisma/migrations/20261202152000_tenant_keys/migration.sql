-- Capability keys through a global TenantKey table (ARCHITECTURE.md, "Past one PostgreSQL"): the five keys that
-- arrive before the organization is known (an API key's and an inbox item's publicId, an invite's and a share
-- link's tokenHash, a Stripe customer id) stop being unique on their own, so their tables can be distributed by
-- organization. Each key's owner is written to TenantKey (a reference table: no foreign key to the tenant
-- tables), backfilled here from the existing rows while the old unique indexes still guarantee one owner per key.
-- Indexes only: no table is rebuilt.

-- CreateTable
CREATE TABLE "TenantKey" (
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TenantKey_pkey" PRIMARY KEY ("kind","key")
);

-- CreateIndex
CREATE INDEX "TenantKey_organizationId_idx" ON "TenantKey"("organizationId");

-- Backfill: one row per existing key, with its row's organization and creation time.
INSERT INTO "TenantKey" ("kind", "key", "organizationId", "createdAt")
SELECT 'api_key', "publicId", "organizationId", "createdAt" FROM "ApiKey";

INSERT INTO "TenantKey" ("kind", "key", "organizationId", "createdAt")
SELECT 'inbox_item', "publicId", "organizationId", "createdAt" FROM "InboxItem";

INSERT INTO "TenantKey" ("kind", "key", "organizationId", "createdAt")
SELECT 'invite', "tokenHash", "organizationId", "createdAt" FROM "Invite";

INSERT INTO "TenantKey" ("kind", "key", "organizationId", "createdAt")
SELECT 'share_link', "tokenHash", "organizationId", "createdAt" FROM "ShareLink";

INSERT INTO "TenantKey" ("kind", "key", "organizationId", "createdAt")
SELECT 'stripe_customer', "stripeCustomerId", "organizationId", "createdAt" FROM "OrganizationBilling"
WHERE "stripeCustomerId" IS NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_organizationId_publicId_key" ON "ApiKey"("organizationId", "publicId");

-- CreateIndex
CREATE UNIQUE INDEX "InboxItem_organizationId_publicId_key" ON "InboxItem"("organizationId", "publicId");

-- CreateIndex
CREATE UNIQUE INDEX "Invite_organizationId_tokenHash_key" ON "Invite"("organizationId", "tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "OrganizationBilling_organizationId_stripeCustomerId_key" ON "OrganizationBilling"("organizationId", "stripeCustomerId");

-- CreateIndex
CREATE UNIQUE INDEX "ShareLink_organizationId_tokenHash_key" ON "ShareLink"("organizationId", "tokenHash");

-- DropIndex
DROP INDEX "ApiKey_publicId_key";

-- DropIndex
DROP INDEX "InboxItem_publicId_key";

-- DropIndex
DROP INDEX "Invite_tokenHash_key";

-- DropIndex
DROP INDEX "OrganizationBilling_stripeCustomerId_key";

-- DropIndex
DROP INDEX "ShareLink_tokenHash_key";
