-- A message appended at the store's leaf is inserted on the active path ("onPath" true), and the
-- path trigger leaves such an extension alone. Before, every appended message was inserted off the
-- path and then updated by the trigger: a second version of the row and of its index entries for
-- every message (0.12-0.17 ms of PostgreSQL CPU per append, docs/benchmarks.md).
--
-- Why the trigger may skip: every other message on the path is an ancestor of the old leaf, so older
-- (a child's seq is taken after its parent exists). A new leaf newer than the old one and already on
-- the path can only be one that handoff_append_messages chained below the old leaf in this statement.

CREATE OR REPLACE FUNCTION "handoff_append_messages"(
  p_store_id TEXT,
  p_organization_id TEXT,
  p_rows JSON,
  p_tokens INT,
  p_turns INT
) RETURNS VOID
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_leaf BIGINT;
  v_row JSON;
  v_seq BIGINT;
BEGIN
  SELECT "leafSeq" INTO v_leaf FROM "AgentStore" WHERE "id" = p_store_id AND "organizationId" = p_organization_id FOR UPDATE;
  FOR v_row IN SELECT e.m FROM json_array_elements(p_rows) WITH ORDINALITY AS e(m, ord) ORDER BY e.ord LOOP
    v_seq := NULL;
    INSERT INTO "Message" ("storeId", "organizationId", "messageId", "parentSeq", "sender", "text", "isCompaction",
                           "toolCalls", "toolResults", "images", "extras", "createdAt", "onPath")
    VALUES (p_store_id, p_organization_id, v_row->>'messageId', v_leaf, v_row->>'sender', v_row->>'text', (v_row->>'isCompaction')::boolean,
            v_row->'toolCalls', v_row->'toolResults', v_row->'images', v_row->'extras', (v_row->>'createdAt')::timestamp(3), true)
    ON CONFLICT ("organizationId", "storeId", "messageId") DO NOTHING
    RETURNING "seq" INTO v_seq;
    IF v_seq IS NOT NULL THEN
      v_leaf := v_seq;
    END IF;
  END LOOP;
  UPDATE "AgentStore" SET "leafSeq" = v_leaf, "tokenCount" = "tokenCount" + p_tokens, "turnCount" = "turnCount" + p_turns
  WHERE "id" = p_store_id AND "organizationId" = p_organization_id;
END;
$$;

CREATE OR REPLACE FUNCTION "handoff_message_path"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_fork BIGINT;
BEGIN
  -- The path already reaches the new leaf: handoff_append_messages extended it (see above).
  IF NEW."leafSeq" IS NOT NULL AND (OLD."leafSeq" IS NULL OR NEW."leafSeq" > OLD."leafSeq") AND EXISTS (
    SELECT 1 FROM "Message" m
    WHERE m."organizationId" = NEW."organizationId" AND m."seq" = NEW."leafSeq" AND m."storeId" = NEW."id" AND m."onPath"
  ) THEN
    RETURN NULL;
  END IF;
  WITH RECURSIVE up("seq", "parentSeq", "onPath") AS (
    SELECT m."seq", m."parentSeq", m."onPath" FROM "Message" m
    WHERE m."organizationId" = NEW."organizationId" AND m."seq" = NEW."leafSeq" AND m."storeId" = NEW."id"
    UNION ALL
    SELECT m."seq", m."parentSeq", m."onPath" FROM up JOIN "Message" m
      ON m."organizationId" = NEW."organizationId" AND m."seq" = up."parentSeq" AND m."storeId" = NEW."id"
    WHERE NOT up."onPath"
  ),
  marked AS (
    UPDATE "Message" m SET "onPath" = true FROM up
    WHERE m."organizationId" = NEW."organizationId" AND m."seq" = up."seq" AND NOT up."onPath"
  )
  SELECT max(up."seq") FILTER (WHERE up."onPath") INTO v_fork FROM up;

  WITH RECURSIVE gone("seq", "parentSeq") AS (
    SELECT m."seq", m."parentSeq" FROM "Message" m
    WHERE m."organizationId" = NEW."organizationId" AND m."seq" = OLD."leafSeq" AND m."storeId" = NEW."id"
      AND m."onPath" AND m."seq" IS DISTINCT FROM v_fork
    UNION ALL
    SELECT m."seq", m."parentSeq" FROM gone JOIN "Message" m
      ON m."organizationId" = NEW."organizationId" AND m."seq" = gone."parentSeq" AND m."storeId" = NEW."id"
    WHERE m."onPath" AND m."seq" IS DISTINCT FROM v_fork
  )
  UPDATE "Message" m SET "onPath" = false FROM gone WHERE m."organizationId" = NEW."organizationId" AND m."seq" = gone."seq";
  RETURN NULL;
END
$$;
