import { NotFoundError } from "@/lib/agent/errors";
import { RUN_VERDICT_STATUS } from "@/lib/agent/events";
import { Prisma } from "./client";
import { rawRows } from "./raw-sql";
import type { TenantContext } from "./tenant-context";
import { METERING_CTES, meteredTokensOf } from "./token-metering";

export interface RunEventInput {
  type: string;
  data: unknown;
  /** The recorder's key of the event, the same for every retry of its batch: a token event already metered under it is not metered again. */
  key?: string;
}

/** A persisted run event. `seq` increases by one per event of a conversation, across its runs. */
export interface StoredRunEvent {
  seq: number;
  runId: string;
  type: string;
  data: unknown;
  createdAt: string;
}

interface RunEventRow {
  seq: bigint;
  runId: string;
  type: string;
  data: unknown;
  createdAt: Date;
}

const stored = (row: RunEventRow): StoredRunEvent => ({
  seq: Number(row.seq),
  runId: row.runId,
  type: row.type,
  data: row.data,
  createdAt: row.createdAt.toISOString(),
});

export const RUN_EVENT_PAGE_LIMIT = 1000;

/** Events that mean a person wrote in the conversation (a message, also one queued for a running turn). */
const ACTIVITY_EVENTS = new Set(["user_message", "message_queued"]);

/** Where `appendAndAnnounceRunEvents` announces a batch: a NOTIFY channel and this instance's id (see lib/server/events/pg-bus.ts). */
export interface RunEventNotice {
  channel: string;
  instanceId: string;
}

/**
 * What the statement needs of a connection: node-postgres' `Pool#query` (parameters as `$n`). `name`:
 * a prepared statement's name, so a connection parses and plans the hottest statement once (pass it
 * on as node-postgres' `QueryConfig.name`; a caller may ignore it).
 */
export type RawQuery = (text: string, values: unknown[], name?: string) => Promise<{ rows: Array<Record<string, unknown>> }>;

/** One conversation's events in a grouped append (`appendAndAnnounceRunEventGroups`). */
export interface RunEventBatch {
  organizationId: string;
  conversationId: string;
  events: Array<RunEventInput & { runId: string }>;
  /** Usage holds of the organization deleted by the statement that writes the batch (a run's last events: RunEventRecorder.flushReleasing). */
  releaseHolds?: readonly string[];
}

/**
 * Stores events in order, numbers them and announces them on the bus in one statement, one round
 * trip: the UPDATE takes the next numbers from the conversation's counter (its row lock orders
 * concurrent appenders, so numbers are unique, gap-free and committed in order), the INSERT stores the events, and `pg_notify` queues
 * `{c: conversationId, s: last seq, i: instanceId}` (one notice per batch; each event names its run), which Postgres
 * delivers when the statement's transaction commits, that is when other instances can read the
 * rows. Nothing is stored and nothing announced for an unknown conversation (NotFoundError).
 *
 * A batch with an event of `ACTIVITY_EVENTS` (a person wrote) also moves the conversation's
 * `lastActivityAt`, which orders the conversation list, in the same UPDATE.
 *
 * A batch with `token_consumption` events also meters them (lib/db/token-metering.ts): one
 * `UsageEntry` per event and the month's `UsageMonth.tokens`, in the same statement, so an event
 * and its usage are committed together or not at all. A batch without one is sent without that part.
 *
 * Sent as plain SQL (node-postgres, not Prisma): this runs once per run event, and Prisma's
 * per-query overhead was most of its cost. `createdAt` is the time we send (`at`), stored with ms
 * precision, so it is returned from our own value rather than parsed back from a `timestamp`.
 */
export async function appendAndAnnounceRunEvents(
  query: RawQuery,
  notice: RunEventNotice,
  organizationId: string,
  conversationId: string,
  events: Array<RunEventInput & { runId: string }>,
  at: Date = new Date(),
): Promise<StoredRunEvent[]> {
  return appendAndAnnounceRunEventBatch(query, notice, { organizationId, conversationId, events }, at);
}

/** `appendAndAnnounceRunEvents` of one batch, its usage holds (`releaseHolds`) released by the same statement. */
export async function appendAndAnnounceRunEventBatch(
  query: RawQuery,
  notice: RunEventNotice,
  batch: RunEventBatch,
  at: Date = new Date(),
): Promise<StoredRunEvent[]> {
  if (batch.events.length === 0) return [];
  const [stored] = await appendAndAnnounceRunEventGroups(query, notice, [batch], { skipLocked: false }, at);
  if (!stored) throw new NotFoundError("The conversation");
  return stored;
}

/**
 * `appendAndAnnounceRunEvents` for many conversations in one statement and one commit (see
 * lib/server/events/run-event-appender.ts, which groups the batches of the conversations streaming
 * on this instance). Each batch is numbered from its own conversation's counter, metered for its
 * own organization and announced with its own notice, exactly as if written alone; the conversations'
 * rows are locked in id order, so two grouped statements never wait on each other in a cycle.
 *
 * Returns each batch's stored events, in the batches' order, or null for a batch that was not
 * written: an unknown conversation, or with `skipLocked`, one whose row another transaction holds
 * (so one busy conversation never holds up the others; the caller writes it alone, waiting). A
 * conversation must not appear in two batches of one call.
 */
export async function appendAndAnnounceRunEventGroups(
  query: RawQuery,
  notice: RunEventNotice,
  batches: readonly RunEventBatch[],
  { skipLocked }: { skipLocked: boolean },
  at: Date = new Date(),
): Promise<Array<StoredRunEvent[] | null>> {
  if (new Set(batches.map((batch) => batch.conversationId)).size !== batches.length)
    throw new Error("A conversation appears in two batches of one grouped append.");
  const payload = JSON.stringify(
    batches.map((batch) => ({
      c: batch.conversationId,
      o: batch.organizationId,
      a: batch.events.some((event) => ACTIVITY_EVENTS.has(event.type)),
      e: batch.events.map((event) => ({ runId: event.runId, type: event.type, data: event.data ?? null })),
      ...(batch.releaseHolds?.length && { h: batch.releaseHolds }),
    })),
  );
  const createdAt = at.toISOString();
  const metered = batches.flatMap((batch, index) => meteredTokensOf(batch.events).map((tokens) => ({ ...tokens, g: index + 1 })));
  const verdicts = batches.some((batch) => batch.events.some((event) => Object.hasOwn(RUN_VERDICT_STATUS, event.type)));
  const holds = batches.some((batch) => batch.releaseHolds?.length);
  const values = [payload, createdAt, notice.channel, notice.instanceId];
  const { rows } = await query(
    appendStatement({ metered: metered.length > 0, verdicts, holds, skipLocked }),
    metered.length > 0 ? [...values, JSON.stringify(metered)] : values,
    `handoff_append_run_events${metered.length > 0 ? "_metered" : ""}${verdicts ? "_verdicts" : ""}${holds ? "_holds" : ""}${skipLocked ? "_skip_locked" : ""}`,
  );
  const stored: Array<StoredRunEvent[] | null> = batches.map(() => null);
  for (const row of rows) {
    const events = (stored[Number(row.g) - 1] ??= []);
    events.push({ seq: Number(row.seq), runId: String(row.runId), type: String(row.type), data: row.data, createdAt });
  }
  for (const events of stored) events?.sort((a, b) => a.seq - b.seq);
  return stored;
}

/** SQL: the status a run is in when the event `i` is its verdict (RUN_VERDICT_STATUS); NULL for any other event. */
const VERDICT_STATUS_OF_EVENT = `CASE i."type" ${Object.entries(RUN_VERDICT_STATUS)
  .map(([type, status]) => `WHEN '${type}' THEN '${status}'`)
  .join(" ")} END`;

/**
 * A verdict stored settles what its run owed (Run.verdictOwed, lib/db/run-verdicts.ts), in the statement
 * that stores it; only while the run is still in the status the verdict reports (a late `run_suspended`
 * of a run that went on and completed settles nothing: its `run_completed` is still owed).
 */
const SETTLED_CTE = ` settled AS (
      UPDATE "Run" r SET "verdictOwed" = false
      FROM inserted i JOIN taken t ON t.c = i."conversationId"
        JOIN "AgentStore" s ON s."conversationId" = t.c AND s."organizationId" = t.o AND s."namespace" = ''
      WHERE r."organizationId" = t.o AND r."storeId" = s."id" AND r."id" = i."runId" AND r."verdictOwed"
        AND r."status" = ${VERDICT_STATUS_OF_EVENT}
    ),`;

/**
 * A written batch's usage holds go with it (`h`), in its own organization only; a batch not written
 * (an unknown conversation, a busy row skipped) releases nothing: it is written alone later, holds and all.
 */
const RELEASED_CTE = ` released AS (
      DELETE FROM "UsageHold" h USING taken t, batches b
      WHERE b.g = t.g AND h."organizationId" = t.o
        AND EXISTS (SELECT 1 FROM json_array_elements_text(b.h) AS held(id) WHERE held.id = h."id")
    ),`;

/**
 * The grouped statement. `$1`: the batches as JSON (`c` conversation, `o` organization, `a` a person
 * wrote, `e` the events, `h` usage holds to release), `$2` the events' `createdAt`, `$3`/`$4` the notice's
 * channel and instance, `$5` the metered token events (only when `metered`). `verdicts`: some event ends a
 * run (SETTLED_CTE); `holds`: some batch releases holds (RELEASED_CTE).
 */
const appendStatement = ({
  metered,
  verdicts,
  holds,
  skipLocked,
}: {
  metered: boolean;
  verdicts: boolean;
  holds: boolean;
  skipLocked: boolean;
}) => `WITH batches AS (
      SELECT b.g, b.batch->>'c' AS c, b.batch->>'o' AS o, json_array_length(b.batch->'e')::bigint AS n,
        (b.batch->>'a')::boolean AS a, b.batch->'e' AS e, b.batch->'h' AS h
      -- Planned as a few rows, not json_array_elements' 100: the joins below go through the key (migration json_batches_estimate).
      FROM "handoff_json_elements"($1::json) AS b(batch, g)
    ), locked AS (
      SELECT c."id" FROM "Conversation" c JOIN batches b ON c."id" = b.c AND c."organizationId" = b.o
      ORDER BY c."id" FOR UPDATE OF c${skipLocked ? " SKIP LOCKED" : ""}
    ), taken AS (
      UPDATE "Conversation" c SET "lastEventSeq" = c."lastEventSeq" + b.n,
        "lastActivityAt" = CASE WHEN b.a THEN $2::timestamp(3) ELSE c."lastActivityAt" END
      FROM batches b JOIN locked l ON l."id" = b.c
      WHERE c."id" = b.c AND c."organizationId" = b.o
      RETURNING b.g, c."id" AS c, c."organizationId" AS o, c."lastEventSeq" - b.n AS base, b.e
    ), inserted AS (
      INSERT INTO "RunEvent" ("conversationId", "seq", "organizationId", "runId", "type", "data", "createdAt")
      SELECT t.c, t.base + e.ord, t.o, e.event->>'runId', e.event->>'type', e.event->'data', $2::timestamp(3)
      FROM taken t, json_array_elements(t.e) WITH ORDINALITY AS e(event, ord)
      RETURNING "conversationId", "seq", "runId", "type", "data"
    ),${metered ? METERING_CTES : ""}${verdicts ? SETTLED_CTE : ""}${holds ? RELEASED_CTE : ""} announced AS (
      SELECT pg_notify($3, json_build_object('c', i."conversationId", 's', max(i."seq"), 'i', $4::text)::text)
      FROM inserted i GROUP BY i."conversationId"
    )
    -- A SELECT in WITH runs only if something reads it: the join below is what sends the notices.
    SELECT t.g, i."seq"::text AS "seq", i."runId", i."type", i."data"
    FROM inserted i JOIN taken t ON t.c = i."conversationId" CROSS JOIN (SELECT count(*) FROM announced) a`;

/** Events with `seq` above `afterSeq`, oldest first: what a client that saw `afterSeq` missed. */
export async function listRunEventsAfter(
  tenant: Pick<TenantContext, "organizationId"> | string,
  conversationId: string,
  afterSeq: number,
  limit = RUN_EVENT_PAGE_LIMIT,
): Promise<StoredRunEvent[]> {
  const organizationId = typeof tenant === "string" ? tenant : tenant.organizationId;
  // Raw (lib/db/raw-sql.ts): every stream reads here at its end, and on every gap.
  const rows = await rawRows<RunEventRow>(Prisma.sql`
    SELECT "seq", "runId", "type", "data", "createdAt" FROM "RunEvent"
    WHERE "conversationId" = ${conversationId} AND "organizationId" = ${organizationId} AND "seq" > ${BigInt(Math.max(0, Math.trunc(afterSeq)))}::bigint
    ORDER BY "seq" LIMIT ${Math.min(Math.max(Math.trunc(limit), 1), RUN_EVENT_PAGE_LIMIT)}::int`);
  return rows.map(stored);
}
