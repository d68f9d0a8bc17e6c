-- AlterTable
ALTER TABLE "Slot" ADD COLUMN     "answeredById" TEXT,
ADD COLUMN     "answeredByName" TEXT;

-- CreateIndex
CREATE INDEX "Slot_answeredById_idx" ON "Slot"("answeredById");

-- AddForeignKey
ALTER TABLE "Slot" ADD CONSTRAINT "Slot_answeredById_fkey" FOREIGN KEY ("answeredById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
