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
