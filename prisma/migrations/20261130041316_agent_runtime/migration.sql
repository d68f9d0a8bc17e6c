-- CreateTable
CREATE TABLE "Conversation" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "createdById" TEXT,
    "title" TEXT NOT NULL DEFAULT 'New conversation',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "lastActivityAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastEventSeq" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "Conversation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentStore" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "conversationId" TEXT NOT NULL,
    "namespace" TEXT NOT NULL DEFAULT '',
    "tokenCount" INTEGER NOT NULL DEFAULT 0,
    "turnCount" INTEGER NOT NULL DEFAULT 0,
    "queuedCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AgentStore_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Message" (
    "seq" BIGSERIAL NOT NULL,
    "storeId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "messageId" TEXT,
    "sender" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "isCompaction" BOOLEAN NOT NULL DEFAULT false,
    "toolCalls" JSON,
    "toolResults" JSON,
    "images" JSON,
    "extras" JSON,
    "createdAt" TIMESTAMP(3),

    CONSTRAINT "Message_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "AgentTask" (
    "storeId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "organizationId" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "activeForm" TEXT NOT NULL,
    "status" TEXT NOT NULL,

    CONSTRAINT "AgentTask_pkey" PRIMARY KEY ("storeId","position")
);

-- CreateTable
CREATE TABLE "ToolPermission" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "toolName" TEXT NOT NULL,
    "inputKey" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ToolPermission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InboxItem" (
    "storeId" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "organizationId" TEXT NOT NULL,
    "conversationId" TEXT NOT NULL,
    "tag" TEXT NOT NULL,
    "request" TEXT NOT NULL,
    "response" TEXT,
    "status" TEXT NOT NULL,
    "blocking" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "resolvedAt" TIMESTAMP(3),

    CONSTRAINT "InboxItem_pkey" PRIMARY KEY ("storeId","id")
);

-- CreateTable
CREATE TABLE "Run" (
    "storeId" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "instanceId" TEXT,
    "heartbeatAt" TIMESTAMP(3),
    "leaseExpiresAt" TIMESTAMP(3),

    CONSTRAINT "Run_pkey" PRIMARY KEY ("storeId","id")
);

-- CreateTable
CREATE TABLE "ToolCallState" (
    "storeId" TEXT NOT NULL,
    "callId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "toolName" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "result" JSON,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ToolCallState_pkey" PRIMARY KEY ("storeId","callId")
);

-- CreateTable
CREATE TABLE "Slot" (
    "storeId" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "organizationId" TEXT NOT NULL,
    "conversationId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "callId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "toolName" TEXT NOT NULL,
    "renderer" TEXT NOT NULL,
    "props" JSONB NOT NULL,
    "displayStrategy" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "value" JSONB,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "settledAt" TIMESTAMP(3),

    CONSTRAINT "Slot_pkey" PRIMARY KEY ("storeId","id")
);

-- CreateTable
CREATE TABLE "QueuedMessage" (
    "storeId" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "organizationId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "QueuedMessage_pkey" PRIMARY KEY ("storeId","id")
);

-- CreateTable
CREATE TABLE "RunEvent" (
    "conversationId" TEXT NOT NULL,
    "seq" BIGINT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSON NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RunEvent_pkey" PRIMARY KEY ("conversationId","seq")
);

-- CreateIndex
CREATE INDEX "Conversation_organizationId_lastActivityAt_id_idx" ON "Conversation"("organizationId", "lastActivityAt", "id");

-- CreateIndex
CREATE INDEX "Conversation_createdById_idx" ON "Conversation"("createdById");

-- CreateIndex
CREATE UNIQUE INDEX "Conversation_id_organizationId_key" ON "Conversation"("id", "organizationId");

-- CreateIndex
CREATE INDEX "AgentStore_organizationId_idx" ON "AgentStore"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "AgentStore_conversationId_namespace_key" ON "AgentStore"("conversationId", "namespace");

-- CreateIndex
CREATE UNIQUE INDEX "AgentStore_id_organizationId_key" ON "AgentStore"("id", "organizationId");

-- CreateIndex
CREATE INDEX "Message_storeId_seq_idx" ON "Message"("storeId", "seq");

-- CreateIndex
CREATE INDEX "Message_organizationId_idx" ON "Message"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "Message_storeId_messageId_key" ON "Message"("storeId", "messageId");

-- CreateIndex
CREATE INDEX "AgentTask_organizationId_idx" ON "AgentTask"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "ToolPermission_organizationId_toolName_inputKey_key" ON "ToolPermission"("organizationId", "toolName", "inputKey");

-- CreateIndex
CREATE INDEX "InboxItem_organizationId_status_createdAt_idx" ON "InboxItem"("organizationId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "InboxItem_conversationId_idx" ON "InboxItem"("conversationId");

-- CreateIndex
CREATE INDEX "Run_storeId_status_idx" ON "Run"("storeId", "status");

-- CreateIndex
CREATE INDEX "Run_organizationId_status_leaseExpiresAt_idx" ON "Run"("organizationId", "status", "leaseExpiresAt");

-- CreateIndex
CREATE INDEX "ToolCallState_organizationId_idx" ON "ToolCallState"("organizationId");

-- CreateIndex
CREATE INDEX "Slot_storeId_seq_idx" ON "Slot"("storeId", "seq");

-- CreateIndex
CREATE INDEX "Slot_organizationId_status_expiresAt_idx" ON "Slot"("organizationId", "status", "expiresAt");

-- CreateIndex
CREATE INDEX "Slot_conversationId_idx" ON "Slot"("conversationId");

-- CreateIndex
CREATE UNIQUE INDEX "Slot_storeId_callId_index_key" ON "Slot"("storeId", "callId", "index");

-- CreateIndex
CREATE INDEX "QueuedMessage_organizationId_idx" ON "QueuedMessage"("organizationId");

-- CreateIndex
CREATE INDEX "RunEvent_organizationId_idx" ON "RunEvent"("organizationId");

-- AddForeignKey
ALTER TABLE "Conversation" ADD CONSTRAINT "Conversation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Conversation" ADD CONSTRAINT "Conversation_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentStore" ADD CONSTRAINT "AgentStore_conversationId_organizationId_fkey" FOREIGN KEY ("conversationId", "organizationId") REFERENCES "Conversation"("id", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_storeId_organizationId_fkey" FOREIGN KEY ("storeId", "organizationId") REFERENCES "AgentStore"("id", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentTask" ADD CONSTRAINT "AgentTask_storeId_organizationId_fkey" FOREIGN KEY ("storeId", "organizationId") REFERENCES "AgentStore"("id", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ToolPermission" ADD CONSTRAINT "ToolPermission_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InboxItem" ADD CONSTRAINT "InboxItem_storeId_organizationId_fkey" FOREIGN KEY ("storeId", "organizationId") REFERENCES "AgentStore"("id", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InboxItem" ADD CONSTRAINT "InboxItem_conversationId_organizationId_fkey" FOREIGN KEY ("conversationId", "organizationId") REFERENCES "Conversation"("id", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_storeId_organizationId_fkey" FOREIGN KEY ("storeId", "organizationId") REFERENCES "AgentStore"("id", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ToolCallState" ADD CONSTRAINT "ToolCallState_storeId_organizationId_fkey" FOREIGN KEY ("storeId", "organizationId") REFERENCES "AgentStore"("id", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Slot" ADD CONSTRAINT "Slot_storeId_organizationId_fkey" FOREIGN KEY ("storeId", "organizationId") REFERENCES "AgentStore"("id", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Slot" ADD CONSTRAINT "Slot_conversationId_organizationId_fkey" FOREIGN KEY ("conversationId", "organizationId") REFERENCES "Conversation"("id", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueuedMessage" ADD CONSTRAINT "QueuedMessage_storeId_organizationId_fkey" FOREIGN KEY ("storeId", "organizationId") REFERENCES "AgentStore"("id", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunEvent" ADD CONSTRAINT "RunEvent_conversationId_organizationId_fkey" FOREIGN KEY ("conversationId", "organizationId") REFERENCES "Conversation"("id", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;
