import { Prisma } from "./generated/client";
import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";
import { SEARCH_PAGE_SIZE, type SearchHit, type SearchPage, type SearchQuery, type SnippetPart } from "@/lib/schemas/search";

type Tenant = Pick<TenantContext, "organizationId">;

/**
 * ts_headline's markers: control characters removed from the text first, so a message cannot fake a
 * hit. The snippet is split on them into parts; no HTML is ever produced or trusted. ts_headline
 * drops what its parser reads as tags, so `<` travels as LT and comes back: people's text is kept.
 */
const START = "\u0002";
const STOP = "\u0003";
const LT = "\u0001";
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12`;
/** A match in the conversation's title ranks the message above any passing mention (ts_rank with normalization 32 is below 1; 1 favours short messages). */
const TITLE_BONUS = 1;
/**
 * A word in more visible messages than this ranks only its newest matches: ranking reads every matching
 * vector, and past a few thousand the page costs more than 100 ms (docs/benchmarks.md, "Search").
 */
const RANKED_CANDIDATES = 2_000;
/** Headlines read at most this much of a message: ts_headline parses the whole text it is given. */
const HEADLINE_CHARS = 20_000;

interface HitRow {
  conversationId: string;
  conversationTitle: string;
  messageId: string | null;
  seq: bigint;
  sender: string;
  at: Date | null;
  inText: boolean;
  firstCallId: string | null;
  headline: string;
}

/**
 * Messages of the organization's conversations that match `q` (websearch syntax: words, "a phrase",
 * -not), best first. Every member sees every conversation of the organization; what no chat shows is
 * never searched: versions a branch replaced (off the active path, `onPath`), deleted and temporary
 * conversations, subagents' stores (namespace ≠ "") and compaction summaries. All of that is filtered
 * before the newest RANKED_CANDIDATES matches are cut, so invisible matches cannot empty a page; the
 * candidates are ranked, and snippets (the costly part) are made for the page only.
 */
export async function searchMessages(ctx: Tenant, { q, offset }: SearchQuery): Promise<SearchPage> {
  // Inline, not a CTE: the planner then knows how common the words are and, for a common one, walks
  // the newest messages instead of reading every match from the GIN index (10 ms against 190 ms).
  const tsq = Prisma.sql`websearch_to_tsquery('english', ${q})`;
  const rows = await prisma.$queryRaw<HitRow[]>`
    WITH titled AS (
      SELECT c."id" FROM "Conversation" c
      WHERE c."organizationId" = ${ctx.organizationId} AND c."deletedAt" IS NULL AND NOT c."temporary" AND to_tsvector('english', c."title") @@ ${tsq}
    ),
    candidates AS (
      -- "onPath" is the partial GIN index's predicate; visibility is joined before the LIMIT (one lookup per store).
      SELECT m."seq", m."searchVector", s."conversationId"
      FROM "Message" m
      JOIN "AgentStore" s ON s."id" = m."storeId" AND s."organizationId" = m."organizationId" AND s."namespace" = ''
      JOIN "Conversation" c ON c."id" = s."conversationId" AND c."organizationId" = m."organizationId"
        AND c."deletedAt" IS NULL AND NOT c."temporary"
      WHERE m."organizationId" = ${ctx.organizationId} AND m."onPath" AND m."searchVector" @@ ${tsq} AND NOT m."isCompaction"
      ORDER BY m."seq" DESC
      LIMIT ${RANKED_CANDIDATES}
    ),
    ranked AS (
      SELECT m."seq", m."searchVector", m."conversationId",
             ts_rank(m."searchVector", ${tsq}, 1 | 32)
               + CASE WHEN m."conversationId" IN (SELECT "id" FROM titled) THEN ${TITLE_BONUS}::float8 ELSE 0 END AS "rank"
      FROM candidates m
      ORDER BY "rank" DESC, m."seq" DESC
      LIMIT ${SEARCH_PAGE_SIZE + 1} OFFSET ${offset}
    )
    SELECT r."seq", m."messageId", m."sender", COALESCE(m."createdAt", c."createdAt") AS "at", c."id" AS "conversationId",
           c."title" AS "conversationTitle", r."inText",
           message_first_call_id(m."toolCalls", m."toolResults") AS "firstCallId",
           ts_headline('english',
             replace(left(translate(CASE WHEN r."inText" THEN m."text" ELSE message_tool_text(m."toolCalls", m."toolResults") END,
                                    ${LT + START + STOP}, ''), ${HEADLINE_CHARS}), '<', ${LT}),
             ${tsq}, ${HEADLINE_OPTIONS}) AS "headline"
    FROM (SELECT ranked.*, ts_filter(ranked."searchVector", '{a}') @@ ${tsq} AS "inText" FROM ranked) r
    JOIN "Message" m ON m."seq" = r."seq" AND m."organizationId" = ${ctx.organizationId}
    JOIN "Conversation" c ON c."id" = r."conversationId" AND c."organizationId" = ${ctx.organizationId}
    ORDER BY r."rank" DESC, r."seq" DESC`;
  const page = rows.slice(0, SEARCH_PAGE_SIZE);
  return {
    results: page.map(toHit),
    nextOffset: rows.length > SEARCH_PAGE_SIZE ? offset + SEARCH_PAGE_SIZE : null,
  };
}

function toHit(row: HitRow): SearchHit {
  // A hit in a tool's input or result jumps to the tool row; a tool-results message has no row of its own.
  const anchor = row.inText || !row.firstCallId ? (row.messageId ?? `seq:${row.seq}`) : `tool:${row.firstCallId}`;
  return {
    conversationId: row.conversationId,
    conversationTitle: row.conversationTitle,
    anchor,
    sender: row.sender === "agent" ? "agent" : "user",
    at: row.at ? row.at.toISOString() : null,
    snippet: snippetParts(row.headline),
  };
}

/** ts_headline's output split on its markers: odd pieces are the hits. */
export function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const piece of headline.replaceAll(LT, "<").split(START)) {
    const [hit, rest] = piece.includes(STOP) ? piece.split(STOP, 2) : [null, piece];
    if (hit) parts.push({ text: hit, hit: true });
    if (rest) parts.push({ text: rest, hit: false });
  }
  return parts;
}
