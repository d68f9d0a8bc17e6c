-- CreateIndex
CREATE INDEX "Slot_id_idx" ON "Slot"("id");
