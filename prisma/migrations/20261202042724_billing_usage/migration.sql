-- CreateEnum
CREATE TYPE "BillingPlan" AS ENUM ('free', 'pro');

-- CreateTable
CREATE TABLE "OrganizationBilling" (
    "organizationId" TEXT NOT NULL,
    "plan" "BillingPlan" NOT NULL DEFAULT 'free',
    "stripeCustomerId" TEXT,
    "stripeSubscriptionId" TEXT,
    "subscriptionStatus" TEXT,
    "currentPeriodEnd" TIMESTAMP(3),
    "cancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false,
    "pastDueSince" TIMESTAMP(3),
    "subscriptionStateAt" TIMESTAMP(3),
    "invoiceStateAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrganizationBilling_pkey" PRIMARY KEY ("organizationId")
);

-- CreateTable
CREATE TABLE "StripeEvent" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "organizationId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StripeEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UsageEntry" (
    "id" BIGSERIAL NOT NULL,
    "organizationId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "conversationId" TEXT,
    "eventSeq" BIGINT,
    "runId" TEXT,
    "userId" TEXT,
    "apiKeyId" TEXT,
    "model" TEXT,
    "tokensIn" INTEGER NOT NULL DEFAULT 0,
    "tokensOut" INTEGER NOT NULL DEFAULT 0,
    "cacheReadTokens" INTEGER NOT NULL DEFAULT 0,
    "cacheWriteTokens" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "meteredAt" TIMESTAMP(3),

    CONSTRAINT "UsageEntry_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "UsageMonth" (
    "organizationId" TEXT NOT NULL,
    "month" DATE NOT NULL,
    "messages" INTEGER NOT NULL DEFAULT 0,
    "apiRequests" INTEGER NOT NULL DEFAULT 0,
    "tokens" BIGINT NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UsageMonth_pkey" PRIMARY KEY ("organizationId","month")
);

-- CreateTable
CREATE TABLE "UsageHold" (
    "organizationId" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "tokens" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UsageHold_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "UsageWarning" (
    "organizationId" TEXT NOT NULL,
    "month" DATE NOT NULL,
    "metric" TEXT NOT NULL,
    "percent" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UsageWarning_pkey" PRIMARY KEY ("organizationId","month","metric","percent")
);

-- CreateIndex
CREATE INDEX "OrganizationBilling_stripeCustomerId_idx" ON "OrganizationBilling"("stripeCustomerId");

-- CreateIndex
CREATE INDEX "OrganizationBilling_stripeSubscriptionId_idx" ON "OrganizationBilling"("stripeSubscriptionId");

-- CreateIndex
CREATE UNIQUE INDEX "OrganizationBilling_stripeCustomerId_organizationId_key" ON "OrganizationBilling"("stripeCustomerId", "organizationId");

-- CreateIndex
CREATE INDEX "StripeEvent_organizationId_idx" ON "StripeEvent"("organizationId");

-- CreateIndex
CREATE INDEX "UsageEntry_organizationId_createdAt_idx" ON "UsageEntry"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "UsageEntry_organizationId_conversationId_eventSeq_key" ON "UsageEntry"("organizationId", "conversationId", "eventSeq");

-- CreateIndex
CREATE INDEX "UsageHold_organizationId_expiresAt_idx" ON "UsageHold"("organizationId", "expiresAt");

-- AddForeignKey
ALTER TABLE "OrganizationBilling" ADD CONSTRAINT "OrganizationBilling_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UsageEntry" ADD CONSTRAINT "UsageEntry_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UsageMonth" ADD CONSTRAINT "UsageMonth_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UsageHold" ADD CONSTRAINT "UsageHold_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UsageWarning" ADD CONSTRAINT "UsageWarning_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
