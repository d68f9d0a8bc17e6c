import { recordAudit } from "./audit";
import { prisma } from "./client";
import type { InboundEndpoint } from "./generated/client";
import type { TenantContext } from "./tenant-context";

/**
 * An organization's inbound webhook endpoints (admins manage them; lib/server/webhooks/inbound/
 * receives their events). The stored credential is sealed or hashed by the caller, who gets the
 * endpoint's id first because a sealed secret is bound to it (`credential(endpointId)`); every
 * change is audited in its own transaction.
 */

export type InboundEndpointRow = InboundEndpoint;
export interface StoredCredential {
  secretSealed: string | null;
  tokenHash: string | null;
}

export interface NewInboundEndpoint {
  name: string;
  tags: string[];
  authKind: string;
  correlationPath: string;
  responsePath: string | null;
  earlyWindowMinutes: number;
}

export type InboundEndpointPatch = Partial<Omit<NewInboundEndpoint, "authKind"> & { enabled: boolean }>;

type Audited = Pick<TenantContext, "organizationId" | "userId">;

const audit = (
  ctx: Audited,
  action: string,
  row: InboundEndpointRow,
  ip: string | null | undefined,
  metadata: Record<string, unknown> = {},
) => ({
  organizationId: ctx.organizationId,
  actorId: ctx.userId,
  action,
  target: row.name,
  metadata: { endpointId: row.id, ...metadata },
  ip,
});

/** Newest first. */
export function listInboundEndpoints(ctx: Pick<TenantContext, "organizationId">): Promise<InboundEndpointRow[]> {
  return prisma.inboundEndpoint.findMany({
    where: { organizationId: ctx.organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

export function findInboundEndpoint(ctx: Pick<TenantContext, "organizationId">, endpointId: string): Promise<InboundEndpointRow | null> {
  return prisma.inboundEndpoint.findFirst({ where: { id: endpointId, organizationId: ctx.organizationId } });
}

/** The receiver's lookup: the endpoint names its organization (no tenant yet). Disabled ones are not found. */
export function findEnabledInboundEndpoint(endpointId: string): Promise<InboundEndpointRow | null> {
  return prisma.inboundEndpoint.findFirst({ where: { id: endpointId, enabled: true } });
}

/** Creates an endpoint with its credential and audits `inbound_endpoint.created`, in one transaction. */
export async function createInboundEndpoint(
  ctx: Audited,
  input: NewInboundEndpoint,
  credential: (endpointId: string) => StoredCredential,
  ip?: string | null,
): Promise<InboundEndpointRow> {
  return prisma.$transaction(async (tx) => {
    const created = await tx.inboundEndpoint.create({
      data: { ...input, organizationId: ctx.organizationId, createdById: ctx.userId },
    });
    const row = await tx.inboundEndpoint.update({
      where: { organizationId_id: { organizationId: ctx.organizationId, id: created.id } },
      data: credential(created.id),
    });
    await recordAudit(audit(ctx, "inbound_endpoint.created", row, ip, { authKind: row.authKind, tags: row.tags }), tx);
    return row;
  });
}

/** Changes an endpoint, audited (`inbound_endpoint.updated` with the fields changed). Null when the organization has none such. */
export async function updateInboundEndpoint(
  ctx: Audited,
  endpointId: string,
  patch: InboundEndpointPatch,
  ip?: string | null,
): Promise<InboundEndpointRow | null> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.inboundEndpoint.updateMany({ where: { id: endpointId, organizationId: ctx.organizationId }, data: patch });
    if (count === 0) return null;
    const row = await tx.inboundEndpoint.findUniqueOrThrow({
      where: { organizationId_id: { organizationId: ctx.organizationId, id: endpointId } },
    });
    await recordAudit(audit(ctx, "inbound_endpoint.updated", row, ip, { changed: Object.keys(patch) }), tx);
    return row;
  });
}

/** Replaces the credential (the old one stops working at once), audited as `inbound_endpoint.secret_rotated`. */
export async function rotateInboundEndpointCredential(
  ctx: Audited,
  endpointId: string,
  credential: (endpointId: string) => StoredCredential,
  ip?: string | null,
): Promise<InboundEndpointRow | null> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.inboundEndpoint.updateMany({
      where: { id: endpointId, organizationId: ctx.organizationId },
      data: credential(endpointId),
    });
    if (count === 0) return null;
    const row = await tx.inboundEndpoint.findUniqueOrThrow({
      where: { organizationId_id: { organizationId: ctx.organizationId, id: endpointId } },
    });
    await recordAudit(audit(ctx, "inbound_endpoint.secret_rotated", row, ip), tx);
    return row;
  });
}

/** Deletes an endpoint and its event log, audited as `inbound_endpoint.deleted`. False when the organization has none such. */
export async function deleteInboundEndpoint(ctx: Audited, endpointId: string, ip?: string | null): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const row = await tx.inboundEndpoint.findFirst({ where: { id: endpointId, organizationId: ctx.organizationId } });
    if (!row) return false;
    await tx.inboundEndpoint.delete({ where: { organizationId_id: { organizationId: ctx.organizationId, id: row.id } } });
    await recordAudit(audit(ctx, "inbound_endpoint.deleted", row, ip), tx);
    return true;
  });
}
