-- DropIndex
DROP INDEX "OrganizationBilling_stripeCustomerId_idx";

-- DropIndex
DROP INDEX "OrganizationBilling_stripeCustomerId_organizationId_key";

-- AlterTable
ALTER TABLE "OrganizationBilling" ADD COLUMN     "checkoutExpiresAt" TIMESTAMP(3),
ADD COLUMN     "checkoutUrl" TEXT,
ADD COLUMN     "proEndedAt" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "OrganizationBilling_stripeCustomerId_key" ON "OrganizationBilling"("stripeCustomerId");
