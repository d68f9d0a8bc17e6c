import { cleanText } from "@/lib/schemas/text";
import { decodeCursor, encodeCursor } from "./keyset-cursor";
import { prisma } from "./client";
import { Prisma, type WebhookAttempt, type WebhookDelivery } from "./generated/client";
import { notifyOutbox, outboxEventRow } from "./outbox";
import type { TenantContext } from "./tenant-context";

/**
 * Deliveries of outbound webhooks and their attempts: what admins read and re-send (tenant
 * functions), and what the worker claims and records (by delivery id: the worker serves every
 * tenant, and the delivery row names its own).
 */

const utcNow = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

export type DeliveryWithAttempts = WebhookDelivery & { attempts: WebhookAttempt[] };

/** An endpoint's deliveries, newest first, with their attempts; null when the organization has no such endpoint. */
export async function listWebhookDeliveries(
  ctx: TenantContext,
  endpointId: string,
  page: { cursor?: string; limit: number },
): Promise<{ deliveries: DeliveryWithAttempts[]; nextCursor: string | null } | null> {
  const endpoint = await prisma.webhookEndpoint.findFirst({
    where: { id: endpointId, organizationId: ctx.organizationId },
    select: { id: true },
  });
  if (!endpoint) return null;
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const rows = await prisma.webhookDelivery.findMany({
    where: {
      endpointId,
      organizationId: ctx.organizationId,
      ...(after && { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: page.limit + 1,
    include: { attempts: { orderBy: [{ attemptNumber: "asc" }, { startedAt: "asc" }] } },
  });
  const deliveries = rows.slice(0, page.limit);
  const last = deliveries.at(-1);
  return { deliveries, nextCursor: rows.length > page.limit && last ? encodeCursor(last.createdAt, last.id) : null };
}

/**
 * A `webhook.test` event for one endpoint and its delivery, in one transaction (the event is marked
 * dispatched: no other endpoint receives it). Null when the organization has no such endpoint.
 */
export async function createTestDelivery(ctx: TenantContext, endpointId: string, message: string): Promise<WebhookDelivery | null> {
  return prisma.$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findFirst({
      where: { id: endpointId, organizationId: ctx.organizationId },
      select: { id: true },
    });
    if (!endpoint) return null;
    const now = new Date();
    const event = outboxEventRow("webhook.test", ctx.organizationId, { endpoint_id: endpointId, message }, now);
    await tx.outboxEvent.create({ data: { ...event, dispatchedAt: now } });
    return tx.webhookDelivery.create({
      data: {
        organizationId: ctx.organizationId,
        endpointId,
        eventId: event.id,
        eventType: "webhook.test",
        nextAttemptAt: now,
        createdAt: now,
      },
    });
  });
}

/**
 * A new delivery of the same event to the same endpoint (same `webhook-id`), due now; the worker
 * is woken at commit. Null when the organization has no such delivery of that endpoint.
 */
export async function resendWebhookDelivery(ctx: TenantContext, endpointId: string, deliveryId: string): Promise<WebhookDelivery | null> {
  return prisma.$transaction(async (tx) => {
    const original = await tx.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId, organizationId: ctx.organizationId } });
    if (!original) return null;
    const now = new Date();
    const created = await tx.webhookDelivery.create({
      data: {
        organizationId: ctx.organizationId,
        endpointId: original.endpointId,
        eventId: original.eventId,
        eventType: original.eventType,
        resendOfId: original.id,
        nextAttemptAt: now,
        createdAt: now,
      },
    });
    await notifyOutbox(tx);
    return created;
  });
}

/** What one attempt needs: the delivery, its endpoint and the event's payload. */
export interface ClaimedAttempt {
  delivery: WebhookDelivery;
  endpoint: {
    id: string;
    organizationId: string;
    url: string;
    enabled: boolean;
    secretSealed: string;
    previousSecretSealed: string | null;
    previousSecretExpiresAt: Date | null;
  };
  payload: unknown;
}

/**
 * Claims attempt number `attempt` of a pending, due delivery and reads what it needs, in one
 * statement: the attempt count moves to it and the next attempt is pushed `leaseMs` ahead, so a
 * worker that dies mid-attempt leaves a delivery the periodic pass finds due again. A second claim
 * of the same attempt (a duplicate job) gets null. One statement per claim and one per record keep
 * many concurrent attempts within the connection pool.
 */
export async function claimDeliveryAttempt(deliveryId: string, attempt: number, leaseMs: number): Promise<ClaimedAttempt | null> {
  const [row] = await prisma.$queryRaw<(WebhookDelivery & { endpoint: ClaimedAttempt["endpoint"]; payload: unknown })[]>`
    WITH claimed AS (
      UPDATE "WebhookDelivery"
      SET "attemptCount" = ${attempt}, "lastAttemptAt" = ${utcNow}, "nextAttemptAt" = ${utcNow} + make_interval(secs => ${leaseMs / 1000}::float8)
      WHERE "id" = ${deliveryId} AND "status" = 'pending' AND "attemptCount" = ${attempt - 1} AND "nextAttemptAt" <= ${utcNow}
      RETURNING *
    )
    SELECT c.*, o."payload",
           json_build_object('id', e."id", 'organizationId', e."organizationId", 'url', e."url", 'enabled', e."enabled",
                             'secretSealed', e."secretSealed", 'previousSecretSealed', e."previousSecretSealed",
                             'previousSecretExpiresAt', to_char(e."previousSecretExpiresAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS "endpoint"
    FROM claimed c
    JOIN "WebhookEndpoint" e ON e."id" = c."endpointId" AND e."organizationId" = c."organizationId"
    JOIN "OutboxEvent" o ON o."id" = c."eventId" AND o."organizationId" = c."organizationId"`;
  if (!row) return null;
  const { endpoint, payload, ...delivery } = row;
  const expires = endpoint.previousSecretExpiresAt as unknown as string | null;
  return { delivery, payload, endpoint: { ...endpoint, previousSecretExpiresAt: expires ? new Date(expires) : null } };
}

export interface AttemptRecord {
  startedAt: Date;
  durationMs: number;
  responseStatus: number | null;
  responseBodyExcerpt: string | null;
  error: string | null;
}

export type AttemptOutcome =
  | { kind: "succeeded" }
  | { kind: "retry"; at: Date }
  /** Gave up (the retry window passed, or the endpoint is disabled); `error` is the endpoint's last error. */
  | { kind: "failed"; error: string; markEndpointFailing: boolean };

/** A receiver's body (or an error naming it) may hold NUL or lone surrogates, which a text column refuses: cleaned, never a failed record. */
const storable = (text: string | null) => (text === null ? null : cleanText(text));

const stamp = (time: Date | null) => (time === null ? Prisma.sql`NULL::timestamp(3)` : Prisma.sql`${time.toISOString()}::timestamp(3)`);

/** Logs the attempt and moves the delivery (and its endpoint's failing state), in one statement. */
export async function recordDeliveryAttempt(claimed: ClaimedAttempt, record: AttemptRecord, outcome: AttemptOutcome): Promise<void> {
  const { delivery, endpoint } = claimed;
  const now = new Date();
  const [status, nextAttemptAt, finishedAt] = outcome.kind === "retry" ? ["pending", outcome.at, null] : [outcome.kind, null, now];
  const endpointUpdate =
    outcome.kind === "succeeded"
      ? Prisma.sql`UPDATE "WebhookEndpoint" SET "failingSince" = NULL, "lastError" = NULL, "updatedAt" = ${stamp(now)}
                   WHERE "id" = ${endpoint.id} AND ("failingSince" IS NOT NULL OR "lastError" IS NOT NULL)`
      : outcome.kind === "failed" && outcome.markEndpointFailing
        ? Prisma.sql`UPDATE "WebhookEndpoint" SET "failingSince" = COALESCE("failingSince", ${stamp(now)}), "lastError" = ${outcome.error}, "updatedAt" = ${stamp(now)}
                     WHERE "id" = ${endpoint.id}`
        : Prisma.sql`SELECT 1`;
  await prisma.$executeRaw`
    WITH attempt AS (
      INSERT INTO "WebhookAttempt" ("id", "deliveryId", "organizationId", "attemptNumber", "startedAt", "durationMs", "responseStatus", "responseBodyExcerpt", "error")
      VALUES (replace(gen_random_uuid()::text, '-', ''), ${delivery.id}, ${delivery.organizationId}, ${delivery.attemptCount}, ${stamp(record.startedAt)},
              ${record.durationMs}, ${record.responseStatus}::int, ${storable(record.responseBodyExcerpt)}::text, ${storable(record.error)}::text)
    ), moved AS (
      UPDATE "WebhookDelivery" SET "status" = ${status}, "nextAttemptAt" = ${stamp(nextAttemptAt)}, "finishedAt" = ${stamp(finishedAt)}
      WHERE "id" = ${delivery.id} AND "attemptCount" = ${delivery.attemptCount}
    ), endpoint AS (${endpointUpdate})
    SELECT 1`;
}
