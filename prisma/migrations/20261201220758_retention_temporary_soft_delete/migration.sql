-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "deletedAt" TIMESTAMP(3),
ADD COLUMN     "temporary" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "retentionDays" INTEGER;

-- AlterTable
ALTER TABLE "OutboxEvent" ADD COLUMN     "conversationId" TEXT;

-- CreateIndex
CREATE INDEX "Conversation_deletedAt_idx" ON "Conversation"("deletedAt");

-- CreateIndex
CREATE INDEX "Conversation_temporary_lastActivityAt_idx" ON "Conversation"("temporary", "lastActivityAt");

-- CreateIndex
CREATE INDEX "OutboxEvent_conversationId_idx" ON "OutboxEvent"("conversationId");

-- The conversation an outbox event is about, from its payload (every writer, raw SQL ones too, gets it
-- without knowing): the retention purge deletes a purged conversation's events and their deliveries.
CREATE FUNCTION "handoff_outbox_conversation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."conversationId" := COALESCE(
    NEW."conversationId",
    NEW."payload"->'data'->>'conversation_id',
    NEW."payload"->'data'->'item'->>'conversation_id',
    NEW."payload"->'data'->'approval'->>'conversation_id');
  RETURN NEW;
END;
$$;

CREATE TRIGGER "OutboxEvent_conversation" BEFORE INSERT ON "OutboxEvent" FOR EACH ROW EXECUTE FUNCTION "handoff_outbox_conversation"();

UPDATE "OutboxEvent" SET "conversationId" = COALESCE(
  "payload"->'data'->>'conversation_id',
  "payload"->'data'->'item'->>'conversation_id',
  "payload"->'data'->'approval'->>'conversation_id');

-- Retention is a number of days, or none (forever).
ALTER TABLE "Organization" ADD CONSTRAINT "Organization_retentionDays_range" CHECK ("retentionDays" IS NULL OR "retentionDays" BETWEEN 1 AND 3650);
