-- Every tenant table keyed by organizationId (ARCHITECTURE.md, "Past one PostgreSQL"): primary keys and
-- unique constraints lead with it, and foreign keys between tenant tables carry it on both sides, so the
-- tables can be distributed by organization and co-located (Citus). Constraints only: no table is rebuilt.
-- SET NULL names its column: the composite key must null conversationId, never organizationId (PostgreSQL 15+).

-- DropForeignKey
ALTER TABLE "ConnectorCredential" DROP CONSTRAINT "ConnectorCredential_connectorId_fkey";

-- DropForeignKey
ALTER TABLE "ConnectorTool" DROP CONSTRAINT "ConnectorTool_connectorId_fkey";

-- DropForeignKey
ALTER TABLE "FormInstance" DROP CONSTRAINT "FormInstance_conversationId_fkey";

-- DropForeignKey
ALTER TABLE "FormSubmission" DROP CONSTRAINT "FormSubmission_conversationId_fkey";

-- DropForeignKey
ALTER TABLE "FormSubmission" DROP CONSTRAINT "FormSubmission_instanceId_fkey";

-- DropForeignKey
ALTER TABLE "InboundEvent" DROP CONSTRAINT "InboundEvent_endpointId_fkey";

-- DropForeignKey
ALTER TABLE "WebhookAttempt" DROP CONSTRAINT "WebhookAttempt_deliveryId_fkey";

-- DropForeignKey
ALTER TABLE "WebhookDelivery" DROP CONSTRAINT "WebhookDelivery_endpointId_fkey";

-- DropIndex
DROP INDEX "ConnectorCredential_connectorId_userId_key";

-- DropIndex
DROP INDEX "ConnectorTool_connectorId_name_key";

-- DropIndex
DROP INDEX "FormSubmission_instanceId_key";

-- DropIndex
DROP INDEX "MessageFeedback_conversationId_messageId_userId_key";

-- DropIndex
DROP INDEX "PermissionRequest_slotId_key";

-- AlterTable
ALTER TABLE "ApiKey" DROP CONSTRAINT "ApiKey_pkey",
ADD CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "Attachment" DROP CONSTRAINT "Attachment_pkey",
ADD CONSTRAINT "Attachment_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "AuditLog" DROP CONSTRAINT "AuditLog_pkey",
ADD CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "Connector" DROP CONSTRAINT "Connector_pkey",
ADD CONSTRAINT "Connector_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "ConnectorCredential" DROP CONSTRAINT "ConnectorCredential_pkey",
ADD CONSTRAINT "ConnectorCredential_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "ConnectorTool" DROP CONSTRAINT "ConnectorTool_pkey",
ADD CONSTRAINT "ConnectorTool_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "DemoEmail" DROP CONSTRAINT "DemoEmail_pkey",
ADD CONSTRAINT "DemoEmail_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "FormDefinition" DROP CONSTRAINT "FormDefinition_pkey",
ADD CONSTRAINT "FormDefinition_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "FormDefinitionVersion" DROP CONSTRAINT "FormDefinitionVersion_pkey",
ADD CONSTRAINT "FormDefinitionVersion_pkey" PRIMARY KEY ("organizationId", "formDefinitionId", "version");

-- AlterTable
ALTER TABLE "FormEntry" DROP CONSTRAINT "FormEntry_pkey",
ADD CONSTRAINT "FormEntry_pkey" PRIMARY KEY ("organizationId", "instanceId", "seq");

-- AlterTable
ALTER TABLE "FormInstance" DROP CONSTRAINT "FormInstance_pkey",
ADD CONSTRAINT "FormInstance_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "FormSubmission" DROP CONSTRAINT "FormSubmission_pkey",
ADD CONSTRAINT "FormSubmission_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "HttpTool" DROP CONSTRAINT "HttpTool_pkey",
ADD CONSTRAINT "HttpTool_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "HttpToolSecret" DROP CONSTRAINT "HttpToolSecret_pkey",
ADD CONSTRAINT "HttpToolSecret_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "IdempotencyKey" DROP CONSTRAINT "IdempotencyKey_pkey",
ADD CONSTRAINT "IdempotencyKey_pkey" PRIMARY KEY ("organizationId", "principalId", "key");

-- AlterTable
ALTER TABLE "InboundEndpoint" DROP CONSTRAINT "InboundEndpoint_pkey",
ADD CONSTRAINT "InboundEndpoint_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "InboundEvent" DROP CONSTRAINT "InboundEvent_pkey",
ADD CONSTRAINT "InboundEvent_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "Invite" DROP CONSTRAINT "Invite_pkey",
ADD CONSTRAINT "Invite_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "Membership" DROP CONSTRAINT "Membership_pkey",
ADD CONSTRAINT "Membership_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "MessageFeedback" DROP CONSTRAINT "MessageFeedback_pkey",
ADD CONSTRAINT "MessageFeedback_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "OrganizationExport" DROP CONSTRAINT "OrganizationExport_pkey",
ADD CONSTRAINT "OrganizationExport_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "OrganizationExportChunk" DROP CONSTRAINT "OrganizationExportChunk_pkey",
ADD CONSTRAINT "OrganizationExportChunk_pkey" PRIMARY KEY ("organizationId", "exportId", "index");

-- AlterTable
ALTER TABLE "OutboxEvent" DROP CONSTRAINT "OutboxEvent_pkey",
ADD CONSTRAINT "OutboxEvent_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "PermissionRequest" DROP CONSTRAINT "PermissionRequest_pkey",
ADD CONSTRAINT "PermissionRequest_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "ShareLink" DROP CONSTRAINT "ShareLink_pkey",
ADD CONSTRAINT "ShareLink_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "ToolPermission" DROP CONSTRAINT "ToolPermission_pkey",
ADD CONSTRAINT "ToolPermission_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "WebhookAttempt" DROP CONSTRAINT "WebhookAttempt_pkey",
ADD CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "WebhookDelivery" DROP CONSTRAINT "WebhookDelivery_pkey",
ADD CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "WebhookEndpoint" DROP CONSTRAINT "WebhookEndpoint_pkey",
ADD CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("organizationId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ConnectorCredential_organizationId_connectorId_userId_key" ON "ConnectorCredential"("organizationId", "connectorId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "ConnectorTool_organizationId_connectorId_name_key" ON "ConnectorTool"("organizationId", "connectorId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "FormSubmission_organizationId_instanceId_key" ON "FormSubmission"("organizationId", "instanceId");

-- CreateIndex
CREATE UNIQUE INDEX "MessageFeedback_organizationId_conversationId_messageId_use_key" ON "MessageFeedback"("organizationId", "conversationId", "messageId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "PermissionRequest_organizationId_slotId_key" ON "PermissionRequest"("organizationId", "slotId");

-- AddForeignKey
ALTER TABLE "FormInstance" ADD CONSTRAINT "FormInstance_conversationId_organizationId_fkey" FOREIGN KEY ("conversationId", "organizationId") REFERENCES "Conversation"("id", "organizationId") ON DELETE SET NULL ("conversationId") ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_organizationId_instanceId_fkey" FOREIGN KEY ("organizationId", "instanceId") REFERENCES "FormInstance"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormSubmission" ADD CONSTRAINT "FormSubmission_conversationId_organizationId_fkey" FOREIGN KEY ("conversationId", "organizationId") REFERENCES "Conversation"("id", "organizationId") ON DELETE SET NULL ("conversationId") ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_organizationId_endpointId_fkey" FOREIGN KEY ("organizationId", "endpointId") REFERENCES "WebhookEndpoint"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_organizationId_deliveryId_fkey" FOREIGN KEY ("organizationId", "deliveryId") REFERENCES "WebhookDelivery"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InboundEvent" ADD CONSTRAINT "InboundEvent_organizationId_endpointId_fkey" FOREIGN KEY ("organizationId", "endpointId") REFERENCES "InboundEndpoint"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConnectorTool" ADD CONSTRAINT "ConnectorTool_organizationId_connectorId_fkey" FOREIGN KEY ("organizationId", "connectorId") REFERENCES "Connector"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConnectorCredential" ADD CONSTRAINT "ConnectorCredential_organizationId_connectorId_fkey" FOREIGN KEY ("organizationId", "connectorId") REFERENCES "Connector"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The agent runtime's tables. Their @@index([organizationId]) go: the primary key now leads with it.

-- DropIndex
DROP INDEX "AgentStore_conversationId_namespace_key";

-- DropIndex
DROP INDEX "AgentStore_organizationId_idx";

-- DropIndex
DROP INDEX "AgentTask_organizationId_idx";

-- DropIndex
DROP INDEX "Message_organizationId_seq_idx";

-- DropIndex
DROP INDEX "Message_storeId_messageId_key";

-- DropIndex
DROP INDEX "QueuedMessage_organizationId_idx";

-- DropIndex
DROP INDEX "RunEvent_organizationId_idx";

-- DropIndex
DROP INDEX "Slot_storeId_callId_index_key";

-- DropIndex
DROP INDEX "ToolCallState_organizationId_idx";

-- AlterTable
ALTER TABLE "AgentStore" DROP CONSTRAINT "AgentStore_pkey",
ADD CONSTRAINT "AgentStore_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "AgentTask" DROP CONSTRAINT "AgentTask_pkey",
ADD CONSTRAINT "AgentTask_pkey" PRIMARY KEY ("organizationId", "storeId", "position");

-- AlterTable
ALTER TABLE "Conversation" DROP CONSTRAINT "Conversation_pkey",
ADD CONSTRAINT "Conversation_pkey" PRIMARY KEY ("organizationId", "id");

-- AlterTable
ALTER TABLE "InboxItem" DROP CONSTRAINT "InboxItem_pkey",
ADD CONSTRAINT "InboxItem_pkey" PRIMARY KEY ("organizationId", "storeId", "id");

-- AlterTable
ALTER TABLE "Message" DROP CONSTRAINT "Message_pkey",
ADD CONSTRAINT "Message_pkey" PRIMARY KEY ("organizationId", "seq");

-- AlterTable
ALTER TABLE "QueuedMessage" DROP CONSTRAINT "QueuedMessage_pkey",
ADD CONSTRAINT "QueuedMessage_pkey" PRIMARY KEY ("organizationId", "storeId", "id");

-- AlterTable
ALTER TABLE "Run" DROP CONSTRAINT "Run_pkey",
ADD CONSTRAINT "Run_pkey" PRIMARY KEY ("organizationId", "storeId", "id");

-- AlterTable
ALTER TABLE "RunEvent" DROP CONSTRAINT "RunEvent_pkey",
ADD CONSTRAINT "RunEvent_pkey" PRIMARY KEY ("organizationId", "conversationId", "seq");

-- AlterTable
ALTER TABLE "Slot" DROP CONSTRAINT "Slot_pkey",
ADD CONSTRAINT "Slot_pkey" PRIMARY KEY ("organizationId", "storeId", "id");

-- AlterTable
ALTER TABLE "ToolCallState" DROP CONSTRAINT "ToolCallState_pkey",
ADD CONSTRAINT "ToolCallState_pkey" PRIMARY KEY ("organizationId", "storeId", "callId");

-- CreateIndex
CREATE UNIQUE INDEX "AgentStore_organizationId_conversationId_namespace_key" ON "AgentStore"("organizationId", "conversationId", "namespace");

-- CreateIndex
CREATE UNIQUE INDEX "Message_organizationId_storeId_messageId_key" ON "Message"("organizationId", "storeId", "messageId");

-- CreateIndex
CREATE UNIQUE INDEX "Slot_organizationId_storeId_callId_index_key" ON "Slot"("organizationId", "storeId", "callId", "index");

-- The functions' statements name organizationId too: ON CONFLICT targets must match the new keys, and
-- every lookup of a tenant row carries the tenant (distribution-keys.test.ts reads their bodies).
CREATE OR REPLACE FUNCTION "handoff_start_run"(
  p_store_id TEXT,
  p_organization_id TEXT,
  p_run_id TEXT,
  p_error TEXT,
  p_created_at TIMESTAMP(3),
  p_updated_at TIMESTAMP(3),
  p_started_by_id TEXT
) RETURNS BOOLEAN
LANGUAGE plpgsql
VOLATILE
AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM 1 FROM "AgentStore" WHERE "id" = p_store_id AND "organizationId" = p_organization_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN FALSE;
  END IF;
  INSERT INTO "Run" ("storeId", "id", "organizationId", "status", "error", "startedById", "createdAt", "updatedAt")
  SELECT p_store_id, p_run_id, p_organization_id, 'running', p_error, p_started_by_id, p_created_at, p_updated_at
  WHERE NOT EXISTS (SELECT 1 FROM "Run" WHERE "storeId" = p_store_id AND "organizationId" = p_organization_id
                      AND "status" IN ('running', 'suspended'))
  ON CONFLICT ("organizationId", "storeId", "id") DO NOTHING;
  RETURN FOUND;
END;
$$;

CREATE OR REPLACE FUNCTION "handoff_append_messages"(
  p_store_id TEXT,
  p_organization_id TEXT,
  p_rows JSON,
  p_tokens INT,
  p_turns INT
) RETURNS VOID
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_leaf BIGINT;
  v_row JSON;
  v_seq BIGINT;
BEGIN
  SELECT "leafSeq" INTO v_leaf FROM "AgentStore" WHERE "id" = p_store_id AND "organizationId" = p_organization_id FOR UPDATE;
  FOR v_row IN SELECT e.m FROM json_array_elements(p_rows) WITH ORDINALITY AS e(m, ord) ORDER BY e.ord LOOP
    v_seq := NULL;
    INSERT INTO "Message" ("storeId", "organizationId", "messageId", "parentSeq", "sender", "text", "isCompaction",
                           "toolCalls", "toolResults", "images", "extras", "createdAt")
    VALUES (p_store_id, p_organization_id, v_row->>'messageId', v_leaf, v_row->>'sender', v_row->>'text', (v_row->>'isCompaction')::boolean,
            v_row->'toolCalls', v_row->'toolResults', v_row->'images', v_row->'extras', (v_row->>'createdAt')::timestamp(3))
    ON CONFLICT ("organizationId", "storeId", "messageId") DO NOTHING
    RETURNING "seq" INTO v_seq;
    IF v_seq IS NOT NULL THEN
      v_leaf := v_seq;
    END IF;
  END LOOP;
  UPDATE "AgentStore" SET "leafSeq" = v_leaf, "tokenCount" = "tokenCount" + p_tokens, "turnCount" = "turnCount" + p_turns
  WHERE "id" = p_store_id AND "organizationId" = p_organization_id;
END;
$$;

CREATE OR REPLACE FUNCTION "handoff_message_path"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_fork BIGINT;
BEGIN
  WITH RECURSIVE up("seq", "parentSeq", "onPath") AS (
    SELECT m."seq", m."parentSeq", m."onPath" FROM "Message" m
    WHERE m."organizationId" = NEW."organizationId" AND m."seq" = NEW."leafSeq" AND m."storeId" = NEW."id"
    UNION ALL
    SELECT m."seq", m."parentSeq", m."onPath" FROM up JOIN "Message" m
      ON m."organizationId" = NEW."organizationId" AND m."seq" = up."parentSeq" AND m."storeId" = NEW."id"
    WHERE NOT up."onPath"
  ),
  marked AS (
    UPDATE "Message" m SET "onPath" = true FROM up
    WHERE m."organizationId" = NEW."organizationId" AND m."seq" = up."seq" AND NOT up."onPath"
  )
  SELECT max(up."seq") FILTER (WHERE up."onPath") INTO v_fork FROM up;

  WITH RECURSIVE gone("seq", "parentSeq") AS (
    SELECT m."seq", m."parentSeq" FROM "Message" m
    WHERE m."organizationId" = NEW."organizationId" AND m."seq" = OLD."leafSeq" AND m."storeId" = NEW."id"
      AND m."onPath" AND m."seq" IS DISTINCT FROM v_fork
    UNION ALL
    SELECT m."seq", m."parentSeq" FROM gone JOIN "Message" m
      ON m."organizationId" = NEW."organizationId" AND m."seq" = gone."parentSeq" AND m."storeId" = NEW."id"
    WHERE m."onPath" AND m."seq" IS DISTINCT FROM v_fork
  )
  UPDATE "Message" m SET "onPath" = false FROM gone WHERE m."organizationId" = NEW."organizationId" AND m."seq" = gone."seq";
  RETURN NULL;
END
$$;
