import { randomUUID } from "node:crypto";
import { recordAudit } from "./audit";
import { prisma } from "./client";
import { keepWithinPlaceLimit, type PlaceLimit } from "./plan-limit";
import type { WebhookEndpoint } from "./generated/client";
import type { TenantContext } from "./tenant-context";

/**
 * An organization's outbound webhook endpoints. The signing secret arrives sealed (lib/server seals
 * it with the endpoint's id in its context, so `seal` gets the id); it is never read back here
 * except by the delivery (webhook-deliveries.ts). Every change is audited in its transaction.
 */

export type EndpointRow = WebhookEndpoint;
/** Seals a new secret for the endpoint with this id. */
export type SecretSealer = (endpointId: string) => string;

const DISABLED_REASON = "The endpoint was disabled.";

export async function listWebhookEndpoints(ctx: TenantContext): Promise<EndpointRow[]> {
  return prisma.webhookEndpoint.findMany({
    where: { organizationId: ctx.organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

export async function findWebhookEndpoint(ctx: TenantContext, endpointId: string): Promise<EndpointRow | null> {
  return prisma.webhookEndpoint.findFirst({ where: { id: endpointId, organizationId: ctx.organizationId } });
}

export interface EndpointFields {
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
}

const auditFields = (row: EndpointRow) => ({ endpointId: row.id, url: row.url, eventTypes: row.eventTypes, enabled: row.enabled });

export async function createWebhookEndpoint(
  ctx: TenantContext,
  fields: EndpointFields,
  seal: SecretSealer,
  ip?: string | null,
  place?: PlaceLimit,
): Promise<EndpointRow> {
  // Our own id (not Prisma's default) because the sealed secret's context names it.
  const id = randomUUID().replaceAll("-", "");
  return prisma.$transaction(async (tx) => {
    await keepWithinPlaceLimit(tx, ctx.organizationId, "webhookEndpoints", place, () =>
      tx.webhookEndpoint.count({ where: { organizationId: ctx.organizationId } }),
    );
    const row = await tx.webhookEndpoint.create({
      data: {
        id,
        organizationId: ctx.organizationId,
        url: fields.url,
        description: fields.description,
        eventTypes: fields.eventTypes,
        enabled: fields.enabled,
        secretSealed: seal(id),
        createdById: ctx.userId,
      },
    });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "webhook.created",
        target: row.url,
        metadata: auditFields(row),
        ip,
      },
      tx,
    );
    return row;
  });
}

/**
 * Changes what `patch` names. Disabling stops the endpoint's pending deliveries (failed, "The
 * endpoint was disabled.") in the same transaction. Null when the organization has no such endpoint.
 */
export async function updateWebhookEndpoint(
  ctx: TenantContext,
  endpointId: string,
  patch: Partial<EndpointFields>,
  ip?: string | null,
): Promise<EndpointRow | null> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({ where: { id: endpointId, organizationId: ctx.organizationId }, data: patch });
    if (count === 0) return null;
    const row = await tx.webhookEndpoint.findUniqueOrThrow({
      where: { organizationId_id: { organizationId: ctx.organizationId, id: endpointId } },
    });
    if (patch.enabled === false) await stopPendingDeliveries(tx, row);
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "webhook.updated",
        target: row.url,
        metadata: { ...auditFields(row), changed: Object.keys(patch) },
        ip,
      },
      tx,
    );
    return row;
  });
}

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

async function stopPendingDeliveries(tx: Tx, row: EndpointRow) {
  const now = new Date();
  const stopped = await tx.webhookDelivery.updateManyAndReturn({
    where: { endpointId: row.id, organizationId: row.organizationId, status: "pending" },
    data: { status: "failed", finishedAt: now, nextAttemptAt: null },
    select: { id: true, attemptCount: true },
  });
  if (stopped.length === 0) return;
  await tx.webhookAttempt.createMany({
    data: stopped.map((delivery) => ({
      deliveryId: delivery.id,
      organizationId: row.organizationId,
      attemptNumber: delivery.attemptCount,
      startedAt: now,
      durationMs: 0,
      error: DISABLED_REASON,
    })),
  });
}

/** Deletes an endpoint with its deliveries. False when the organization has no such endpoint. */
export async function deleteWebhookEndpoint(ctx: TenantContext, endpointId: string, ip?: string | null): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const where = { id: endpointId, organizationId: ctx.organizationId };
    const row = await tx.webhookEndpoint.findFirst({ where });
    if (!row) return false;
    await tx.webhookEndpoint.deleteMany({ where });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "webhook.deleted",
        target: row.url,
        metadata: auditFields(row),
        ip,
      },
      tx,
    );
    return true;
  });
}

/**
 * A new secret; the current one becomes the previous, still signing until `graceMs` from now.
 * Null when the organization has no such endpoint.
 */
export async function rotateWebhookSecret(
  ctx: TenantContext,
  endpointId: string,
  seal: SecretSealer,
  graceMs: number,
  ip?: string | null,
): Promise<EndpointRow | null> {
  return prisma.$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ secretSealed: string }[]>`
      SELECT "secretSealed" FROM "WebhookEndpoint" WHERE "id" = ${endpointId} AND "organizationId" = ${ctx.organizationId} FOR UPDATE`;
    if (!current) return null;
    const expiresAt = new Date(Date.now() + graceMs);
    const row = await tx.webhookEndpoint.update({
      where: { organizationId_id: { organizationId: ctx.organizationId, id: endpointId } },
      data: { secretSealed: seal(endpointId), previousSecretSealed: current.secretSealed, previousSecretExpiresAt: expiresAt },
    });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "webhook.secret_rotated",
        target: row.url,
        metadata: { endpointId: row.id, previousSecretExpiresAt: expiresAt.toISOString() },
        ip,
      },
      tx,
    );
    return row;
  });
}
