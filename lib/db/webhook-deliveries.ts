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
 * Claims attempt number `attempt` of a pending, due delivery: the attempt count moves to it and
 * the next attempt is pushed `leaseMs` ahead, so a worker that dies mid-attempt leaves a delivery
 * the periodic pass finds due again. A second claim of the same attempt (a duplicate job) gets null.
 */
export async function claimDeliveryAttempt(deliveryId: string, attempt: number, leaseMs: number): Promise<ClaimedAttempt | null> {
  const [delivery] = await prisma.$queryRaw<WebhookDelivery[]>`
    UPDATE "WebhookDelivery"
    SET "attemptCount" = ${attempt}, "lastAttemptAt" = ${utcNow}, "nextAttemptAt" = ${utcNow} + make_interval(secs => ${leaseMs / 1000}::float8)
    WHERE "id" = ${deliveryId} AND "status" = 'pending' AND "attemptCount" = ${attempt - 1} AND "nextAttemptAt" <= ${utcNow}
    RETURNING *`;
  if (!delivery) return null;
  const [endpoint, event] = await Promise.all([
    prisma.webhookEndpoint.findFirst({
      where: { id: delivery.endpointId, organizationId: delivery.organizationId },
      select: {
        id: true,
        organizationId: true,
        url: true,
        enabled: true,
        secretSealed: true,
        previousSecretSealed: true,
        previousSecretExpiresAt: true,
      },
    }),
    prisma.outboxEvent.findFirst({ where: { id: delivery.eventId, organizationId: delivery.organizationId }, select: { payload: true } }),
  ]);
  if (!endpoint || !event) return null;
  return { delivery, endpoint, payload: event.payload };
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

/** Logs the attempt and moves the delivery (and its endpoint's failing state) in one transaction. */
export async function recordDeliveryAttempt(claimed: ClaimedAttempt, record: AttemptRecord, outcome: AttemptOutcome): Promise<void> {
  const { delivery, endpoint } = claimed;
  const now = new Date();
  const writes: Prisma.PrismaPromise<unknown>[] = [
    prisma.webhookAttempt.create({
      data: { deliveryId: delivery.id, organizationId: delivery.organizationId, attemptNumber: delivery.attemptCount, ...record },
    }),
    prisma.webhookDelivery.update({
      where: { id: delivery.id },
      data: outcome.kind === "retry" ? { nextAttemptAt: outcome.at } : { status: outcome.kind, nextAttemptAt: null, finishedAt: now },
    }),
  ];
  if (outcome.kind === "succeeded") {
    writes.push(
      prisma.webhookEndpoint.updateMany({
        where: { id: endpoint.id, OR: [{ failingSince: { not: null } }, { lastError: { not: null } }] },
        data: { failingSince: null, lastError: null },
      }),
    );
  } else if (outcome.kind === "failed" && outcome.markEndpointFailing) {
    writes.push(prisma.$executeRaw`
      UPDATE "WebhookEndpoint" SET "failingSince" = COALESCE("failingSince", ${now}::timestamp(3)), "lastError" = ${outcome.error}, "updatedAt" = ${now}::timestamp(3)
      WHERE "id" = ${endpoint.id}`);
  }
  await prisma.$transaction(writes);
}
