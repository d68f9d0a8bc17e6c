-- CreateEnum
CREATE TYPE "ConnectorAuthMode" AS ENUM ('none', 'shared', 'per_person');

-- CreateTable
CREATE TABLE "Connector" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "authMode" "ConnectorAuthMode" NOT NULL DEFAULT 'none',
    "sharedTokenSealed" TEXT,
    "timeoutMs" INTEGER NOT NULL DEFAULT 15000,
    "maxResultChars" INTEGER NOT NULL DEFAULT 20000,
    "toolsCache" JSONB NOT NULL DEFAULT '[]',
    "toolsFetchedAt" TIMESTAMP(3),
    "lastOkAt" TIMESTAMP(3),
    "lastErrorAt" TIMESTAMP(3),
    "lastError" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Connector_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConnectorTool" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "connectorId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "requiresPermission" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ConnectorTool_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConnectorCredential" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "connectorId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tokenSealed" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ConnectorCredential_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Connector_organizationId_name_key" ON "Connector"("organizationId", "name");

-- CreateIndex
CREATE INDEX "ConnectorTool_organizationId_idx" ON "ConnectorTool"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "ConnectorTool_connectorId_name_key" ON "ConnectorTool"("connectorId", "name");

-- CreateIndex
CREATE INDEX "ConnectorCredential_organizationId_idx" ON "ConnectorCredential"("organizationId");

-- CreateIndex
CREATE INDEX "ConnectorCredential_userId_idx" ON "ConnectorCredential"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "ConnectorCredential_connectorId_userId_key" ON "ConnectorCredential"("connectorId", "userId");

-- AddForeignKey
ALTER TABLE "Connector" ADD CONSTRAINT "Connector_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConnectorTool" ADD CONSTRAINT "ConnectorTool_connectorId_fkey" FOREIGN KEY ("connectorId") REFERENCES "Connector"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConnectorCredential" ADD CONSTRAINT "ConnectorCredential_connectorId_fkey" FOREIGN KEY ("connectorId") REFERENCES "Connector"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConnectorCredential" ADD CONSTRAINT "ConnectorCredential_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
