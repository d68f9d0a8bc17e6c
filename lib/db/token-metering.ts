import { cleanText } from "@/lib/schemas/text";

/**
 * Token metering as part of the run-event statement (lib/db/run-events.ts): each stored
 * `token_consumption` event becomes one `UsageEntry` (kind `tokens`) and adds its total to the
 * month's `UsageMonth.tokens`, in the statement, and so the commit, that stores the event. An event
 * is stored once (its seq is taken from the conversation's counter), so it is metered once; a
 * recovered or continued run emits new events for new model calls only.
 *
 * One exception: a batch whose commit went through but whose answer was lost is written again by
 * the recorder's outage retry, under new seqs. Its events carry the key the recorder gave them when
 * they were recorded (the same on every retry), stored as `UsageEntry.eventKey`, unique per
 * organization: the retry's entries hit it and meter nothing. (The retry's run events themselves
 * are still stored twice; see docs/billing.md.)
 */

/** One token event of a batch, as the statement's `$5` parameter carries it (with its batch, `g`): counts already whole and bounded. */
export interface MeteredTokens {
  /** 1-based position in the batch: the event's seq is the batch's first seq - 1 + ord. */
  ord: number;
  /** The recorder's key of the event (null without one): the entry's `eventKey`. */
  eventKey: string | null;
  runId: string;
  model: string | null;
  tokensIn: number;
  tokensOut: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

const INT_MAX = 2_147_483_647;

/** A count as the `Int` columns take it: the runtime reports whole numbers; anything else must not fail the batch's statement. */
const count = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.min(Math.round(value), INT_MAX) : 0;

/**
 * The batch's `token_consumption` events (data `{consumption: {tokens_in, tokens_out, cache_read_tokens?,
 * cache_write_tokens?}, model?}`) as four disjoint parts. The runtime's `tokens_in` is the whole
 * input the model saw, cache reads and writes included (both adapters report it so), so the entry's
 * `tokensIn` is the input that was neither: the four columns then add up to what the call used,
 * `tokens_in + tokens_out`, and the month's total (their sum) counts no cached token twice.
 */
export function meteredTokensOf(events: ReadonlyArray<{ runId: string; type: string; data: unknown; key?: string }>): MeteredTokens[] {
  return events.flatMap((event, index) => {
    if (event.type !== "token_consumption") return [];
    const data = (event.data ?? {}) as { consumption?: Record<string, unknown>; model?: unknown };
    const consumption = data.consumption ?? {};
    const cacheReadTokens = count(consumption.cache_read_tokens);
    const cacheWriteTokens = count(consumption.cache_write_tokens);
    return [
      {
        ord: index + 1,
        eventKey: event.key ?? null,
        runId: event.runId,
        model: typeof data.model === "string" ? cleanText(data.model) : null,
        tokensIn: Math.max(0, count(consumption.tokens_in) - cacheReadTokens - cacheWriteTokens),
        tokensOut: count(consumption.tokens_out),
        cacheReadTokens,
        cacheWriteTokens,
      },
    ];
  });
}

/**
 * The statement's metering part, after its `taken` CTE (the UPDATE that took each batch's numbers:
 * `g` the batch, `c` its conversation, `o` its organization, `base` its first seq - 1; no row for an
 * unknown conversation, so nothing is metered either). Parameters: `$2` the events' `createdAt`, `$5`
 * the `MeteredTokens` as JSON, each with `g`, its batch. Only sent for a statement that has token
 * events, so the hottest write of the app (batches of text deltas) pays nothing for it.
 *
 * Who it counts for: the starter of the event's run, found in the conversation's own store
 * (namespace ''), one lookup per token event by the two unique keys (a subquery, so the planner
 * cannot trade it for a scan of "Run" on its guess of how many rows the JSON holds). A subagent's
 * events are relayed through its parent's recorder under the parent's run id, so they count for
 * the person whose request dispatched it. The month is the UTC calendar
 * month of `createdAt` (sent as a UTC `timestamp`). The month's rows only add what this statement
 * inserted (RETURNING of an insert that skips an already-metered event), and its GROUP BY yields
 * no row, so no upsert, when nothing was; they are upserted in (organization, month) order, so two
 * grouped statements never lock month rows in opposite orders. The insert's ON CONFLICT names no target on purpose: it
 * skips an entry that hits either key, `(organizationId, eventKey)` (the same event stored again) or
 * `(organizationId, conversationId, eventSeq)` (an event without a key from a caller other than the recorder).
 */
export const METERING_CTES = `
    metered AS (
      INSERT INTO "UsageEntry" ("organizationId", "kind", "conversationId", "eventSeq", "eventKey", "runId", "userId", "model",
        "tokensIn", "tokensOut", "cacheReadTokens", "cacheWriteTokens", "createdAt")
      SELECT t.o, 'tokens', t.c, t.base + u."ord", u."eventKey", u."runId",
        (SELECT r."startedById" FROM "AgentStore" s JOIN "Run" r ON r."storeId" = s."id"
         WHERE s."conversationId" = t.c AND s."organizationId" = t.o AND s."namespace" = '' AND r."id" = u."runId"),
        u."model", u."tokensIn", u."tokensOut", u."cacheReadTokens", u."cacheWriteTokens", $2::timestamp(3)
      FROM taken t
      JOIN json_to_recordset($5::json) AS u("g" bigint, "ord" bigint, "eventKey" text, "runId" text, "model" text,
        "tokensIn" int, "tokensOut" int, "cacheReadTokens" int, "cacheWriteTokens" int) ON u."g" = t.g
      ON CONFLICT DO NOTHING
      RETURNING "organizationId", "createdAt", "tokensIn"::bigint + "tokensOut" + "cacheReadTokens" + "cacheWriteTokens" AS "total"
    ), counted AS (
      INSERT INTO "UsageMonth" ("organizationId", "month", "tokens", "updatedAt")
      SELECT m."organizationId", date_trunc('month', m."createdAt")::date, sum(m."total"), max(m."createdAt") FROM metered m
      GROUP BY m."organizationId", date_trunc('month', m."createdAt")
      ORDER BY 1, 2
      ON CONFLICT ("organizationId", "month") DO UPDATE
        SET "tokens" = "UsageMonth"."tokens" + EXCLUDED."tokens", "updatedAt" = EXCLUDED."updatedAt"
    ),`;
