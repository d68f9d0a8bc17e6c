-- CreateTable
CREATE TABLE "HttpTool" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "inputFields" JSONB NOT NULL,
    "method" TEXT NOT NULL,
    "urlTemplate" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "bodyTemplate" JSONB,
    "timeoutMs" INTEGER NOT NULL DEFAULT 10000,
    "requiresPermission" BOOLEAN NOT NULL DEFAULT true,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HttpTool_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HttpToolSecret" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "valueSealed" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HttpToolSecret_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "HttpTool_organizationId_name_key" ON "HttpTool"("organizationId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "HttpToolSecret_organizationId_name_key" ON "HttpToolSecret"("organizationId", "name");

-- AddForeignKey
ALTER TABLE "HttpTool" ADD CONSTRAINT "HttpTool_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HttpToolSecret" ADD CONSTRAINT "HttpToolSecret_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
