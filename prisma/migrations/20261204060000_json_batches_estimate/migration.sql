-- The elements of a JSON array with their position, for statements that join a few of them to a
-- table (the grouped run-event append joins its batches to "Conversation"). json_array_elements is
-- planned as 100 rows whatever it holds, so below some tens of thousands of conversations the
-- planner hashed the batches against a sequential scan of the whole table, twice per append (1.8 ms
-- each at 12,000 conversations, against 0.07 ms by the primary key; docs/benchmarks.md). Declared as
-- 4 rows, the join goes through the key at every table size. PL/pgSQL so the planner cannot inline
-- it back into json_array_elements.
CREATE FUNCTION "handoff_json_elements"(p JSON) RETURNS TABLE ("element" JSON, "ord" BIGINT)
LANGUAGE plpgsql
IMMUTABLE
PARALLEL SAFE
ROWS 4
AS $$
BEGIN
  RETURN QUERY SELECT e.m, e.n FROM json_array_elements(p) WITH ORDINALITY AS e(m, n);
END;
$$;
