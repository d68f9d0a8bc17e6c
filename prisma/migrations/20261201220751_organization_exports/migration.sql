-- CreateTable
CREATE TABLE "OrganizationExport" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "createdById" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "conversationsDone" INTEGER NOT NULL DEFAULT 0,
    "conversationsTotal" INTEGER NOT NULL DEFAULT 0,
    "byteSize" BIGINT NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrganizationExport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrganizationExportChunk" (
    "exportId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "OrganizationExportChunk_pkey" PRIMARY KEY ("exportId","index")
);

-- CreateIndex
CREATE INDEX "OrganizationExport_organizationId_createdAt_idx" ON "OrganizationExport"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "OrganizationExport_id_organizationId_key" ON "OrganizationExport"("id", "organizationId");

-- AddForeignKey
ALTER TABLE "OrganizationExport" ADD CONSTRAINT "OrganizationExport_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrganizationExport" ADD CONSTRAINT "OrganizationExport_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrganizationExportChunk" ADD CONSTRAINT "OrganizationExportChunk_exportId_organizationId_fkey" FOREIGN KEY ("exportId", "organizationId") REFERENCES "OrganizationExport"("id", "organizationId") ON DELETE CASCADE ON UPDATE CASCADE;
