-- AlterTable
ALTER TABLE "QueuedMessage" ADD COLUMN     "sentById" TEXT;
