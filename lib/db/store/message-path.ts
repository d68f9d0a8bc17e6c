// The message tree's active path in SQL, shared by PostgresStore and the chat's snapshot: both read
// exactly the history the agent reads.
import { Prisma } from "@/lib/db/generated/client";

/** The store of a path: an AgentStore row of a tenant. */
export interface PathStore {
  storeId: string;
  organizationId: string;
}

/**
 * A recursive CTE `path(seq, parentSeq)` for a `WITH RECURSIVE`: the messages from the store's leaf (or
 * `fromSeq`) up through their parents; a parent that was deleted ends the walk, so the path starts after
 * it. With `upToMessageId` (a message on the path) the walk stops there.
 */
export function activePathCte({ storeId, organizationId }: PathStore, fromSeq?: bigint, upToMessageId?: string) {
  // A snapshot (a share link) walks up from the leaf it pinned; everything else from the store's current leaf.
  const start = fromSeq === undefined ? Prisma.sql`s."leafSeq"` : Prisma.sql`${fromSeq}`;
  // A parent is always stored before its children (a lower seq), so the walk can stop at a message of the path.
  const stop =
    upToMessageId === undefined
      ? Prisma.empty
      : Prisma.sql`WHERE m."seq" >= (SELECT "seq" FROM "Message" WHERE "storeId" = ${storeId} AND "messageId" = ${upToMessageId})`;
  return Prisma.sql`path("seq", "parentSeq") AS (
    SELECT m."seq", m."parentSeq" FROM "AgentStore" s JOIN "Message" m ON m."storeId" = s."id" AND m."seq" = ${start}
    WHERE s."id" = ${storeId} AND s."organizationId" = ${organizationId}
    UNION ALL
    SELECT m."seq", m."parentSeq" FROM path p JOIN "Message" m ON m."seq" = p."parentSeq" AND m."storeId" = ${storeId} ${stop}
  )`;
}

/** The Message columns a record is read from (not the search vector, which Prisma cannot read). */
export const MESSAGE_COLUMNS = Prisma.sql`m."seq", m."storeId", m."organizationId", m."messageId", m."parentSeq", m."sender", m."text",
  m."isCompaction", m."toolCalls", m."toolResults", m."images", m."extras", m."createdAt"`;

/**
 * The path's messages that have siblings, oldest first, each with its siblings' ids (itself
 * included, oldest first). Selects `messageId`, `siblings` after a `WITH RECURSIVE activePathCte`.
 */
export function branchPointsSelect({ storeId }: PathStore) {
  return Prisma.sql`
    SELECT m."messageId", array_agg(s."messageId" ORDER BY s."seq") AS "siblings"
    FROM path p
    JOIN "Message" m ON m."seq" = p."seq" AND m."messageId" IS NOT NULL
    JOIN "Message" s ON s."storeId" = ${storeId} AND s."messageId" IS NOT NULL
      AND (s."parentSeq" = p."parentSeq" OR (s."parentSeq" IS NULL AND p."parentSeq" IS NULL))
    GROUP BY p."seq", m."messageId"
    HAVING count(*) > 1
    ORDER BY p."seq"`;
}
