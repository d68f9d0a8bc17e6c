-- A run's last safe point and its completion in one round trip (PostgresStore.completeRunUnlessWork).
-- Called from the completing statement: it takes the store row's lock (the lock every enqueue and
-- run start takes), then reads the queue and the inbox in statements of their own, so each sees
-- every message queued before the lock was granted. The calling statement completes the run only
-- when `work` is false; `work` is what the loop would inject (lib/agent/steering.ts, inbox.ts:
-- a queued message, an item that `awaitsTelling`). `awaitingInbox`: a blocking item is still
-- pending, whose answer may arrive to find the run busy (lib/server/runs/launch.ts drainQueue).
CREATE FUNCTION "handoff_run_end_reads"(
  p_store_id TEXT,
  p_organization_id TEXT
) RETURNS JSON
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_queued JSON;
  v_inbox JSON;
BEGIN
  PERFORM 1 FROM "AgentStore" WHERE "id" = p_store_id AND "organizationId" = p_organization_id FOR UPDATE;
  SELECT coalesce(json_agg(row_to_json(q) ORDER BY q."seq"), '[]'::json) INTO v_queued
    FROM "QueuedMessage" q WHERE q."storeId" = p_store_id AND q."organizationId" = p_organization_id;
  SELECT coalesce(json_agg(row_to_json(i) ORDER BY i."seq"), '[]'::json) INTO v_inbox
    FROM "InboxItem" i WHERE i."storeId" = p_store_id AND i."organizationId" = p_organization_id;
  RETURN json_build_object(
    'queued', v_queued,
    'inbox', v_inbox,
    'work', json_array_length(v_queued) > 0 OR EXISTS (
      SELECT 1 FROM json_array_elements(v_inbox) i
      WHERE i->>'status' = 'resolved' OR (i->>'status' IN ('expired', 'cancelled') AND i->>'consumedAt' IS NULL)),
    'awaitingInbox', EXISTS (
      SELECT 1 FROM json_array_elements(v_inbox) i WHERE (i->>'blocking')::boolean AND i->>'status' = 'pending'));
END;
$$;
