-- The demo email sink is the "demo mailbox", not an outbox (that word is kept for the transactional
-- outbox of webhook deliveries). Written by hand: Prisma's diff drops the table and creates a new
-- one, which would lose every stored email; renaming keeps the rows. The names below are the ones
-- Prisma derives for model DemoEmail, so the schema-drift test sees no difference.

-- RenameTable
ALTER TABLE "OutboxEmail" RENAME TO "DemoEmail";

-- RenamePrimaryKey
ALTER TABLE "DemoEmail" RENAME CONSTRAINT "OutboxEmail_pkey" TO "DemoEmail_pkey";

-- RenameForeignKey
ALTER TABLE "DemoEmail" RENAME CONSTRAINT "OutboxEmail_organizationId_fkey" TO "DemoEmail_organizationId_fkey";

-- RenameForeignKey
ALTER TABLE "DemoEmail" RENAME CONSTRAINT "OutboxEmail_conversationId_organizationId_fkey" TO "DemoEmail_conversationId_organizationId_fkey";

-- RenameIndex
ALTER INDEX "OutboxEmail_conversationId_idx" RENAME TO "DemoEmail_conversationId_idx";

-- RenameIndex
ALTER INDEX "OutboxEmail_organizationId_createdAt_idx" RENAME TO "DemoEmail_organizationId_createdAt_idx";

-- RenameIndex
ALTER INDEX "OutboxEmail_organizationId_toolCallId_key" RENAME TO "DemoEmail_organizationId_toolCallId_key";
