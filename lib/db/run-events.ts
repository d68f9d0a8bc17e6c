import { NotFoundError } from "@/lib/agent/errors";
import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";

export interface RunEventInput {
  type: string;
  data: unknown;
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

/**
 * Stores events in order and numbers them. One statement: the UPDATE takes the next `n` numbers
 * from the conversation's counter (its row lock orders concurrent appenders, so numbers are unique,
 * gap-free and committed in order) and the INSERT writes the events with them, or neither happens.
 */
export async function appendRunEvents(
  organizationId: string,
  conversationId: string,
  runId: string,
  events: RunEventInput[],
): Promise<StoredRunEvent[]> {
  if (events.length === 0) return [];
  const payload = JSON.stringify(events.map((event) => ({ type: event.type, data: event.data ?? null })));
  const rows = await prisma.$queryRaw<RunEventRow[]>`
    WITH taken AS (
      UPDATE "Conversation" SET "lastEventSeq" = "lastEventSeq" + ${events.length}::bigint
      WHERE "id" = ${conversationId} AND "organizationId" = ${organizationId}
      RETURNING "lastEventSeq"
    )
    INSERT INTO "RunEvent" ("conversationId", "seq", "organizationId", "runId", "type", "data", "createdAt")
    SELECT ${conversationId}, taken."lastEventSeq" - ${events.length}::bigint + e.ord, ${organizationId}, ${runId},
           e.event->>'type', e.event->'data', ${new Date()}::timestamp(3)
    FROM taken, json_array_elements(${payload}::json) WITH ORDINALITY AS e(event, ord)
    RETURNING "seq", "runId", "type", "data", "createdAt"`;
  if (rows.length === 0) throw new NotFoundError("The conversation");
  return rows.sort((a, b) => (a.seq < b.seq ? -1 : 1)).map(stored);
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
