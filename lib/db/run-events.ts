import { NotFoundError } from "@/lib/agent/errors";
import { prisma } from "./client";
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

/** What the statement needs of a connection: node-postgres' `Pool#query` (parameters as `$n`). */
export type RawQuery = (text: string, values: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

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
  if (events.length === 0) return [];
  const payload = JSON.stringify(events.map((event) => ({ runId: event.runId, type: event.type, data: event.data ?? null })));
  const createdAt = at.toISOString();
  const activity = events.some((event) => ACTIVITY_EVENTS.has(event.type));
  const metered = meteredTokensOf(events);
  const values = [events.length, conversationId, organizationId, createdAt, payload, notice.channel, notice.instanceId, activity];
  const { rows } = await query(
    `WITH taken AS (
      UPDATE "Conversation" SET "lastEventSeq" = "lastEventSeq" + $1::bigint,
        "lastActivityAt" = CASE WHEN $8::boolean THEN $4::timestamp(3) ELSE "lastActivityAt" END
      WHERE "id" = $2 AND "organizationId" = $3
      RETURNING "lastEventSeq"
    ), inserted AS (
      INSERT INTO "RunEvent" ("conversationId", "seq", "organizationId", "runId", "type", "data", "createdAt")
      SELECT $2, taken."lastEventSeq" - $1::bigint + e.ord, $3, e.event->>'runId', e.event->>'type', e.event->'data', $4::timestamp(3)
      FROM taken, json_array_elements($5::json) WITH ORDINALITY AS e(event, ord)
      RETURNING "seq", "runId", "type", "data"
    ),${metered.length > 0 ? METERING_CTES : ""} announced AS (
      SELECT pg_notify($6, json_build_object('c', $2::text, 's', max("seq"), 'i', $7::text)::text) FROM inserted HAVING count(*) > 0
    )
    -- A SELECT in WITH runs only if something reads it: the join below is what sends the notice.
    SELECT i."seq"::text AS "seq", i."runId", i."type", i."data" FROM inserted i CROSS JOIN (SELECT count(*) FROM announced) a`,
    metered.length > 0 ? [...values, JSON.stringify(metered)] : values,
  );
  if (rows.length === 0) throw new NotFoundError("The conversation");
  return rows
    .map((row) => ({ seq: Number(row.seq), runId: String(row.runId), type: String(row.type), data: row.data, createdAt }))
    .sort((a, b) => a.seq - b.seq);
}

/** Events with `seq` above `afterSeq`, oldest first: what a client that saw `afterSeq` missed. */
export async function listRunEventsAfter(
  tenant: Pick<TenantContext, "organizationId"> | string,
  conversationId: string,
  afterSeq: number,
  limit = RUN_EVENT_PAGE_LIMIT,
): Promise<StoredRunEvent[]> {
  const organizationId = typeof tenant === "string" ? tenant : tenant.organizationId;
  const rows = await prisma.runEvent.findMany({
    where: { conversationId, organizationId, seq: { gt: BigInt(Math.max(0, Math.trunc(afterSeq))) } },
    orderBy: { seq: "asc" },
    take: Math.min(Math.max(Math.trunc(limit), 1), RUN_EVENT_PAGE_LIMIT),
    select: { seq: true, runId: true, type: true, data: true, createdAt: true },
  });
  return rows.map(stored);
}
