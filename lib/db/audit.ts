import type { Prisma } from "./generated/client";
import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";

type Db = Prisma.TransactionClient | typeof prisma;

export interface AuditEntryInput {
  organizationId: string;
  actorId: string | null;
  action: string;
  target?: string | null;
  metadata?: Record<string, unknown>;
  ip?: string | null;
}

/** Security-relevant actions, per organization. Written inside the caller's transaction when given one. */
export function recordAudit(entry: AuditEntryInput, db: Db = prisma) {
  return db.auditLog.create({
    data: {
      organizationId: entry.organizationId,
      actorId: entry.actorId,
      action: entry.action,
      target: entry.target ?? null,
      metadata: (entry.metadata ?? {}) as Prisma.InputJsonValue,
      ip: entry.ip ?? null,
    },
  });
}

export const AUDIT_PAGE_SIZE = 50;

/** Newest first, keyset-paginated by (createdAt, id). */
export async function listAuditLog(ctx: TenantContext, cursor?: string | null, limit = AUDIT_PAGE_SIZE) {
  const rows = await prisma.auditLog.findMany({
    where: { organizationId: ctx.organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    ...(cursor ? { cursor: { organizationId_id: { organizationId: ctx.organizationId, id: cursor } }, skip: 1 } : {}),
  });
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => !!id))];
  const actors = await prisma.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, name: true, email: true } });
  const byId = new Map(actors.map((a) => [a.id, a]));
  const page = rows.slice(0, limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      action: r.action,
      target: r.target,
      metadata: r.metadata,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
      actor: r.actorId ? (byId.get(r.actorId) ?? { id: r.actorId, name: "Deleted user", email: "" }) : null,
    })),
    nextCursor: rows.length > limit ? page[page.length - 1].id : null,
  };
}
