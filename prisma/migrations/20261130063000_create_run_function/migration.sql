-- Starts a run unless its store already has an active one, in one round trip (it was four: BEGIN,
-- lock, insert, COMMIT). The store's row lock serialises concurrent starts; the check after it
-- sees every run committed before the lock was granted, because each statement of a VOLATILE
-- PL/pgSQL function takes a fresh snapshot under READ COMMITTED. Its commit does not wait for the
-- WAL flush: the request's next write, the user's message, commits durably and so flushes the
-- run's row with it; a crash in between loses both, as if the request had not arrived. Prisma's
-- schema does not model functions, so schema.prisma does not mention it and the drift check
-- ignores it.
CREATE FUNCTION "handoff_start_run"(
  p_store_id TEXT,
  p_organization_id TEXT,
  p_run_id TEXT,
  p_error TEXT,
  p_created_at TIMESTAMP(3),
  p_updated_at TIMESTAMP(3)
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
  INSERT INTO "Run" ("storeId", "id", "organizationId", "status", "error", "createdAt", "updatedAt")
  SELECT p_store_id, p_run_id, p_organization_id, 'running', p_error, p_created_at, p_updated_at
  WHERE NOT EXISTS (SELECT 1 FROM "Run" WHERE "storeId" = p_store_id AND "status" IN ('running', 'suspended'))
  ON CONFLICT ("storeId", "id") DO NOTHING;
  RETURN FOUND;
END;
$$;
