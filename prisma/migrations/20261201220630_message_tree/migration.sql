-- Messages form a tree (edit and regenerate start sibling branches); the store remembers the active path's leaf.
-- AlterTable
ALTER TABLE "AgentStore" ADD COLUMN     "leafSeq" BIGINT;

-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "parentSeq" BIGINT;

-- CreateIndex
CREATE INDEX "Message_storeId_parentSeq_idx" ON "Message"("storeId", "parentSeq");

-- Existing histories become one path: each message's parent is the one before it (by seq), the leaf the last.
UPDATE "Message" m SET "parentSeq" = p."previous"
FROM (SELECT "seq", LAG("seq") OVER (PARTITION BY "storeId" ORDER BY "seq") AS "previous" FROM "Message") p
WHERE m."seq" = p."seq" AND p."previous" IS NOT NULL;

UPDATE "AgentStore" s SET "leafSeq" = (SELECT max(m."seq") FROM "Message" m WHERE m."storeId" = s."id");

-- Appends in order, each message the child of the leaf before it; an id already stored is skipped
-- and leaves the leaf where it is. The store row is locked, so the leaf cannot move underneath.
CREATE FUNCTION "handoff_append_messages"(
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
                           "toolCalls", "toolResults", "images", "extras", "createdAt")
    VALUES (p_store_id, p_organization_id, v_row->>'messageId', v_leaf, v_row->>'sender', v_row->>'text', (v_row->>'isCompaction')::boolean,
            v_row->'toolCalls', v_row->'toolResults', v_row->'images', v_row->'extras', (v_row->>'createdAt')::timestamp(3))
    ON CONFLICT ("storeId", "messageId") DO NOTHING
    RETURNING "seq" INTO v_seq;
    IF v_seq IS NOT NULL THEN
      v_leaf := v_seq;
    END IF;
  END LOOP;
  UPDATE "AgentStore" SET "leafSeq" = v_leaf, "tokenCount" = "tokenCount" + p_tokens, "turnCount" = "turnCount" + p_turns
  WHERE "id" = p_store_id AND "organizationId" = p_organization_id;
END;
$$;
