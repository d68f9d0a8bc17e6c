-- DropIndex
DROP INDEX "ToolPermission_organizationId_toolName_inputKey_key";

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "startedById" TEXT;

-- AlterTable
ALTER TABLE "ToolPermission" ADD COLUMN     "grantedById" TEXT,
ADD COLUMN     "userId" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE UNIQUE INDEX "ToolPermission_organizationId_toolName_inputKey_userId_key" ON "ToolPermission"("organizationId", "toolName", "inputKey", "userId");

-- handoff_start_run records who started the run (their own permission grants apply in it).
DROP FUNCTION "handoff_start_run"(TEXT, TEXT, TEXT, TEXT, TIMESTAMP(3), TIMESTAMP(3));

CREATE FUNCTION "handoff_start_run"(
  p_store_id TEXT,
  p_organization_id TEXT,
  p_run_id TEXT,
  p_error TEXT,
  p_created_at TIMESTAMP(3),
  p_updated_at TIMESTAMP(3),
  p_started_by_id TEXT
) RETURNS BOOLEAN
LANGUAGE plpgsql
VOLATILE
AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM 1 FROM "AgentStore" WHERE "id" = p_store_id AND "organizationId" = p_organization_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN FALSE;
  END IF;
  INSERT INTO "Run" ("storeId", "id", "organizationId", "status", "error", "startedById", "createdAt", "updatedAt")
  SELECT p_store_id, p_run_id, p_organization_id, 'running', p_error, p_started_by_id, p_created_at, p_updated_at
  WHERE NOT EXISTS (SELECT 1 FROM "Run" WHERE "storeId" = p_store_id AND "status" IN ('running', 'suspended'))
  ON CONFLICT ("storeId", "id") DO NOTHING;
  RETURN FOUND;
END;
$$;
