-- CreateTable
CREATE TABLE "PermissionRequest" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "toolName" TEXT NOT NULL,
    "inputKey" TEXT NOT NULL,
    "requestedById" TEXT NOT NULL,
    "conversationId" TEXT NOT NULL,
    "slotId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PermissionRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PermissionRequest_slotId_key" ON "PermissionRequest"("slotId");

-- CreateIndex
CREATE INDEX "PermissionRequest_organizationId_status_createdAt_idx" ON "PermissionRequest"("organizationId", "status", "createdAt");

-- AddForeignKey
ALTER TABLE "PermissionRequest" ADD CONSTRAINT "PermissionRequest_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Glove's name for a skill's injected message: stored messages keep their flag under the new name.
UPDATE "Message"
SET "extras" = (("extras"::jsonb - 'is_skill') || '{"is_skill_injection": true}'::jsonb)::json
WHERE "extras" IS NOT NULL AND ("extras"::jsonb) ? 'is_skill';
