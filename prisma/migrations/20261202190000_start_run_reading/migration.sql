-- A request's run start and its first reads in one round trip (PostgresStore.createRunAndRead). The
-- reads are statements of their own, after handoff_start_run took the store row's lock: each sees
-- every message committed before the run began. Reads in the calling statement would share its
-- snapshot, taken before the lock was granted, and could miss the last message of a run that ended
-- while this one waited. The path is the one lib/db/store/message-path.ts walks; the rows are read
-- back by the same mappings as getMessages and getQueueAndInbox.
CREATE FUNCTION "handoff_start_run_reading"(
  p_store_id TEXT,
  p_organization_id TEXT,
  p_run_id TEXT,
  p_error TEXT,
  p_created_at TIMESTAMP(3),
  p_updated_at TIMESTAMP(3),
  p_started_by_id TEXT
) RETURNS JSON
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_messages JSON;
  v_queued JSON;
  v_inbox JSON;
BEGIN
  IF NOT "handoff_start_run"(p_store_id, p_organization_id, p_run_id, p_error, p_created_at, p_updated_at, p_started_by_id) THEN
    RETURN NULL;
  END IF;
  WITH RECURSIVE path("seq", "parentSeq") AS (
    SELECT m."seq", m."parentSeq" FROM "AgentStore" s
      JOIN "Message" m ON m."organizationId" = s."organizationId" AND m."storeId" = s."id" AND m."seq" = s."leafSeq"
    WHERE s."id" = p_store_id AND s."organizationId" = p_organization_id
    UNION ALL
    SELECT m."seq", m."parentSeq" FROM path p
      JOIN "Message" m ON m."organizationId" = p_organization_id AND m."seq" = p."parentSeq" AND m."storeId" = p_store_id
  )
  SELECT coalesce(json_agg(json_build_object(
           'messageId', m."messageId", 'sender', m."sender", 'text', m."text", 'isCompaction', m."isCompaction",
           'toolCalls', m."toolCalls", 'toolResults', m."toolResults", 'images', m."images", 'extras', m."extras",
           'createdAt', m."createdAt") ORDER BY m."seq"), '[]'::json)
    INTO v_messages
    FROM path p JOIN "Message" m ON m."organizationId" = p_organization_id AND m."seq" = p."seq" AND m."storeId" = p_store_id;
  SELECT coalesce(json_agg(row_to_json(q) ORDER BY q."seq"), '[]'::json) INTO v_queued
    FROM "QueuedMessage" q WHERE q."storeId" = p_store_id AND q."organizationId" = p_organization_id;
  SELECT coalesce(json_agg(row_to_json(i) ORDER BY i."seq"), '[]'::json) INTO v_inbox
    FROM "InboxItem" i WHERE i."storeId" = p_store_id AND i."organizationId" = p_organization_id;
  RETURN json_build_object('messages', v_messages, 'queued', v_queued, 'inbox', v_inbox);
END;
$$;
