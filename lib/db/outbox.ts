import { randomUUID } from "node:crypto";
import { webhookEvent, type WebhookDataV1, type WebhookEventType } from "@/lib/schemas/webhook-payloads/v1";
import { Prisma, type PrismaClient } from "./generated/client";
import { prisma } from "./client";

/**
 * The transactional outbox (docs/webhooks.md): a producer writes its event in the transaction of
 * the change that causes it (`outboxEventRow` + `tx.outboxEvent.create`); a trigger NOTIFYs
 * `handoff_outbox` at commit; the worker's dispatcher turns each event into one delivery per
 * enabled endpoint of the organization subscribed to its type (`dispatchOutboxEvents`).
 */

export const OUTBOX_CHANNEL = "handoff_outbox";

type Db = PrismaClient | Prisma.TransactionClient;

/** A new event id: `evt_<32 hex>`, also the `webhook-id` header of every delivery of it. */
export const newEventId = () => `evt_${randomUUID().replaceAll("-", "")}`;

/** An OutboxEvent row for `type`, its payload checked against the v1 schema (a producer's mistake throws here). */
export function outboxEventRow<T extends WebhookEventType>(type: T, organizationId: string, data: WebhookDataV1<T>, at = new Date()) {
  const id = newEventId();
  const payload = webhookEvent(type, { id, createdAt: at, organizationId, data });
  return { id, organizationId, type, payload: payload as Prisma.InputJsonValue, createdAt: at };
}

/** Writes one event with `db` (the caller's transaction). */
export async function writeOutboxEvent<T extends WebhookEventType>(
  db: Db,
  type: T,
  organizationId: string,
  data: WebhookDataV1<T>,
  at?: Date,
) {
  await db.outboxEvent.create({ data: outboxEventRow(type, organizationId, data, at) });
}

const utcNow = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

export interface DueDelivery {
  deliveryId: string;
  /** The number the next attempt will carry. */
  attempt: number;
}

/**
 * Claims up to `limit` undispatched events (`FOR UPDATE SKIP LOCKED`: concurrent dispatchers take
 * different events), creates their deliveries, due now, and marks them dispatched, in one
 * statement (one transaction). Returns the new deliveries; the caller enqueues them. An event no
 * endpoint wants is marked dispatched with no delivery.
 */
export async function dispatchOutboxEvents(limit = 200): Promise<{ events: number; deliveries: DueDelivery[] }> {
  const rows = await prisma.$queryRaw<{ kind: "event" | "delivery"; id: string }[]>`
    WITH claimed AS (
      SELECT "id", "organizationId", "type" FROM "OutboxEvent"
      WHERE "dispatchedAt" IS NULL
      ORDER BY "createdAt"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), marked AS (
      UPDATE "OutboxEvent" o SET "dispatchedAt" = ${utcNow} FROM claimed c WHERE o."id" = c."id" RETURNING o."id"
    ), created AS (
      INSERT INTO "WebhookDelivery" ("id", "organizationId", "endpointId", "eventId", "eventType", "status", "attemptCount", "nextAttemptAt", "createdAt")
      SELECT replace(gen_random_uuid()::text, '-', ''), c."organizationId", e."id", c."id", c."type", 'pending', 0, ${utcNow}, ${utcNow}
      FROM claimed c JOIN "WebhookEndpoint" e ON e."organizationId" = c."organizationId" AND e."enabled" AND c."type" = ANY(e."eventTypes")
      RETURNING "id"
    )
    SELECT 'event' AS "kind", "id" FROM marked UNION ALL SELECT 'delivery' AS "kind", "id" FROM created`;
  return {
    events: rows.filter((row) => row.kind === "event").length,
    deliveries: rows.filter((row) => row.kind === "delivery").map((row) => ({ deliveryId: row.id, attempt: 1 })),
  };
}

/**
 * Pending deliveries whose next attempt is due, for the periodic pass that re-enqueues what a
 * crashed worker or a lost job left behind. Enqueueing one that is queued already is harmless: jobs
 * carry a singleton key per delivery and attempt, and an attempt is claimed at most once.
 */
export async function findDueDeliveries(limit = 500): Promise<DueDelivery[]> {
  const rows = await prisma.$queryRaw<{ id: string; attemptCount: number }[]>`
    SELECT "id", "attemptCount" FROM "WebhookDelivery"
    WHERE "status" = 'pending' AND "nextAttemptAt" <= ${utcNow}
    ORDER BY "nextAttemptAt"
    LIMIT ${limit}`;
  return rows.map((row) => ({ deliveryId: row.id, attempt: row.attemptCount + 1 }));
}

/** Wakes the dispatcher from a transaction that created deliveries without an event (re-send). */
export const notifyOutbox = (db: Db) => db.$executeRaw`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`;

/** What a run's terminal event says, from its row. */
export interface FinishedRun {
  organizationId: string;
  conversationId: string;
  runId: string;
  startedById: string | null;
  createdAt: Date;
  updatedAt: Date;
  error: string | null;
}

/** `run.completed` or `run.failed` for a run that just reached that status (write it in the same transaction). */
export function runFinishedEvent(run: FinishedRun, status: "completed" | "failed") {
  const data = {
    run_id: run.runId,
    conversation_id: run.conversationId,
    started_by_id: run.startedById,
    started_at: run.createdAt.toISOString(),
    finished_at: run.updatedAt.toISOString(),
  };
  return status === "completed"
    ? outboxEventRow("run.completed", run.organizationId, data, run.updatedAt)
    : outboxEventRow("run.failed", run.organizationId, { ...data, error: { message: run.error ?? "The run failed." } }, run.updatedAt);
}

/**
 * `run.completed` for the statement that completes the run (lib/db/postgres-store.ts `transitionRun`),
 * so moving the run and writing its event are one statement rather than a transaction of two: the
 * event is built and checked here with the run's starter and start unknown (null, and its end), and
 * `payload` is SQL that sets those two from the completed row `m`, in the same format, so the event
 * says exactly what the row says (a SQL null would make jsonb_set's whole result null: the starter is
 * JSON null when nobody typed).
 */
export function runCompletedEventInStatement(run: Omit<FinishedRun, "startedById" | "createdAt" | "error">) {
  const row = runFinishedEvent({ ...run, startedById: null, createdAt: run.updatedAt, error: null }, "completed");
  const payload = Prisma.sql`jsonb_set(jsonb_set(${JSON.stringify(row.payload)}::jsonb,
    '{data,started_by_id}', COALESCE(to_jsonb(m."startedById"), 'null'::jsonb)),
    '{data,started_at}', to_jsonb(to_char(m."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))`;
  return { ...row, payload };
}

/** A permission card's row, as the approval events describe it. */
export interface PermissionSlotRow {
  id: string;
  organizationId: string;
  conversationId: string;
  runId: string;
  toolName: string;
  props: unknown;
  createdAt: Date;
}

/** Any member may answer a permission card (lib/agent/slot-answer.ts); admins only choose wider grants. */
const approvalOf = (slot: PermissionSlotRow): WebhookDataV1<"approval.requested">["approval"] => ({
  id: slot.id,
  conversation_id: slot.conversationId,
  run_id: slot.runId,
  tool_name: slot.toolName,
  input: ((slot.props as { input?: unknown } | null)?.input ?? null) as WebhookDataV1<"approval.requested">["approval"]["input"],
  answerable_by: "member",
  requested_at: slot.createdAt.toISOString(),
});

export const approvalRequestedEvent = (slot: PermissionSlotRow) =>
  outboxEventRow("approval.requested", slot.organizationId, { approval: approvalOf(slot) }, slot.createdAt);

export function approvalResolvedEvent(
  slot: PermissionSlotRow,
  decision: { approved: boolean; reason: string | null; decidedById: string | null; decidedByName: string | null; decidedAt: Date },
) {
  return outboxEventRow(
    "approval.resolved",
    slot.organizationId,
    {
      approval: approvalOf(slot),
      decision: decision.approved ? "approved" : "rejected",
      reason: decision.reason,
      decided_by: { kind: "member", id: decision.decidedById, name: decision.decidedByName },
      decided_at: decision.decidedAt.toISOString(),
    },
    decision.decidedAt,
  );
}
