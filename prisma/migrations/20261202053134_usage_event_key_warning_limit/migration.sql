-- A token entry's event key: the recorder's key of the event, the same for every retry of its batch,
-- so a batch stored twice (committed, answer lost, retried) meters its tokens once.
-- AlterTable
ALTER TABLE "UsageEntry" ADD COLUMN     "eventKey" TEXT;

-- A warning is of one limit: a plan change mid-month (or Pro's hard cap beside its allowance) warns again.
-- Warnings recorded before this migration keep the limit 0: at most one repeated warning per metric.
-- AlterTable
ALTER TABLE "UsageWarning" DROP CONSTRAINT "UsageWarning_pkey",
ADD COLUMN     "limit" BIGINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "UsageWarning_pkey" PRIMARY KEY ("organizationId", "month", "metric", "percent", "limit");
ALTER TABLE "UsageWarning" ALTER COLUMN "limit" DROP DEFAULT;

-- CreateIndex
CREATE UNIQUE INDEX "UsageEntry_organizationId_eventKey_key" ON "UsageEntry"("organizationId", "eventKey");
