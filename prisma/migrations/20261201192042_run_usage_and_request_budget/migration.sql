-- AlterTable
ALTER TABLE "AgentSettings" ADD COLUMN     "requestTokenBudget" INTEGER;

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "effectiveTokens" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "modelSteps" INTEGER NOT NULL DEFAULT 0;
