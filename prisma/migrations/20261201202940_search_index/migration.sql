-- Full-text search over messages (lib/db/search.ts, docs/search.md): the message's text (weight A)
-- and the string and number values of its tool inputs and results, form answers included (weight B).
-- Keys, call ids and statuses are not words anyone searches for, so only values are indexed.

-- The searchable words of a message's tool calls and results, as one text (also the snippet's source).
CREATE FUNCTION message_tool_text(tool_calls json, tool_results json) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(string_agg(v #>> '{}', ' '), '')
  FROM (
    SELECT c -> 'input_args' AS doc
    FROM json_array_elements(CASE WHEN json_typeof(tool_calls) = 'array' THEN tool_calls ELSE '[]'::json END) c
    UNION ALL
    SELECT r -> 'result' -> 'data'
    FROM json_array_elements(CASE WHEN json_typeof(tool_results) = 'array' THEN tool_results ELSE '[]'::json END) r
    UNION ALL
    SELECT r -> 'result' -> 'message'
    FROM json_array_elements(CASE WHEN json_typeof(tool_results) = 'array' THEN tool_results ELSE '[]'::json END) r
  ) parts,
  jsonb_path_query(parts.doc::jsonb, 'strict $.** ? (@.type() == "string" || @.type() == "number")') v
  WHERE parts.doc IS NOT NULL
$$;

-- The call a search hit in tool input or output jumps to (the chat draws tool calls as rows keyed by call id).
CREATE FUNCTION message_first_call_id(tool_calls json, tool_results json) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(
    CASE WHEN json_typeof(tool_calls) = 'array' THEN tool_calls -> 0 ->> 'id' END,
    CASE WHEN json_typeof(tool_results) = 'array' THEN tool_results -> 0 ->> 'call_id' END
  )
$$;

CREATE FUNCTION message_search_vector(text text, tool_calls json, tool_results json) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english', COALESCE(text, '')), 'A')
      || setweight(to_tsvector('english', message_tool_text(tool_calls, tool_results)), 'B')
$$;

-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "searchVector" tsvector;

-- Kept at write time, whoever writes (the store, imports, a backfill): compaction summaries are never shown as messages.
CREATE FUNCTION message_search_vector_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchVector" := CASE WHEN NEW."isCompaction" THEN NULL
                             ELSE message_search_vector(NEW."text", NEW."toolCalls", NEW."toolResults") END;
  RETURN NEW;
END
$$;

CREATE TRIGGER "Message_searchVector"
BEFORE INSERT OR UPDATE OF "text", "toolCalls", "toolResults", "isCompaction" ON "Message"
FOR EACH ROW EXECUTE FUNCTION message_search_vector_trigger();

-- Messages stored before this migration.
UPDATE "Message" SET "text" = "text";

-- CreateIndex
CREATE INDEX "Message_searchVector_idx" ON "Message" USING GIN ("searchVector");

-- A word in most messages: walking the tenant's messages newest first finds the ranked candidates sooner than
-- reading every match from the GIN index (the planner picks by the word's frequency). Replaces ("organizationId").
DROP INDEX "Message_organizationId_idx";

-- CreateIndex
CREATE INDEX "Message_organizationId_seq_idx" ON "Message"("organizationId", "seq");
