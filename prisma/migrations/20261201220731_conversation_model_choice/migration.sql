-- AlterTable
ALTER TABLE "AgentSettings" ADD COLUMN     "allowedModels" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "modelName" TEXT;
