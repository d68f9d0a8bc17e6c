import { prisma } from "./client";
import { recordAudit } from "./audit";
import type { TenantContext } from "./tenant-context";

/** The organization's retention in days; null: conversations are kept forever. */
export async function readRetentionDays(ctx: Pick<TenantContext, "organizationId">): Promise<number | null> {
  const row = await prisma.organization.findUniqueOrThrow({ where: { id: ctx.organizationId }, select: { retentionDays: true } });
  return row.retentionDays;
}

/** Sets the retention (the route checks the role and the range); audited with the old and new value in the same transaction. */
export async function setRetentionDays(ctx: TenantContext, retentionDays: number | null, ip?: string | null): Promise<number | null> {
  return prisma.$transaction(async (tx) => {
    const before = await tx.organization.findUniqueOrThrow({ where: { id: ctx.organizationId }, select: { retentionDays: true } });
    const after = await tx.organization.update({
      where: { id: ctx.organizationId },
      data: { retentionDays },
      select: { retentionDays: true },
    });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "organization.retention_changed",
        metadata: { from: before.retentionDays, to: after.retentionDays },
        ip,
      },
      tx,
    );
    return after.retentionDays;
  });
}
