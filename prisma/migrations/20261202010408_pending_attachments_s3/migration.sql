-- AlterTable
ALTER TABLE "Attachment" ADD COLUMN     "storageKey" TEXT,
ALTER COLUMN "conversationId" DROP NOT NULL,
ALTER COLUMN "bytes" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "Attachment_organizationId_uploadedById_conversationId_idx" ON "Attachment"("organizationId", "uploadedById", "conversationId");

-- AddForeignKey
ALTER TABLE "Attachment" ADD CONSTRAINT "Attachment_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
