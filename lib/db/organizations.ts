import { prisma } from "./client";
import { recordAudit } from "./audit";
import { createOrganizationTx } from "./users";
import type { TenantContext } from "./tenant-context";
import type { RoleName } from "@/lib/schemas/account";

/** The organizations a user belongs to, oldest membership first (the first is their default). */
export async function listOrganizationsForUser(userId: string) {
  const memberships = await prisma.membership.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { role: true, organization: { select: { id: true, slug: true, name: true } } },
  });
  return memberships.map((m) => ({ ...m.organization, role: m.role as RoleName }));
}

/**
 * Resolves the tenant context for a user and an organization slug, or null when the
 * organization does not exist or the user is not a member (callers answer 404 for both).
 */
export async function resolveTenantContext(userId: string, orgSlug: string): Promise<TenantContext | null> {
  const membership = await prisma.membership.findFirst({
    where: { userId, organization: { slug: orgSlug } },
    select: { role: true, organization: { select: { id: true, slug: true } } },
  });
  if (!membership) return null;
  return { userId, organizationId: membership.organization.id, orgSlug: membership.organization.slug, role: membership.role as RoleName };
}

export function getOrganization(ctx: TenantContext) {
  return prisma.organization.findUniqueOrThrow({
    where: { id: ctx.organizationId },
    select: { id: true, slug: true, name: true, createdAt: true },
  });
}

export async function createOrganization(userId: string, name: string, ip?: string | null) {
  return prisma.$transaction(async (tx) => {
    const organization = await createOrganizationTx(tx, name, userId);
    await recordAudit(
      { organizationId: organization.id, actorId: userId, action: "organization.created", target: organization.slug, ip },
      tx,
    );
    return { id: organization.id, slug: organization.slug, name: organization.name, role: "owner" as const };
  });
}

export async function renameOrganization(ctx: TenantContext, name: string, ip?: string | null) {
  return prisma.$transaction(async (tx) => {
    const before = await tx.organization.findUniqueOrThrow({ where: { id: ctx.organizationId }, select: { name: true } });
    const organization = await tx.organization.update({
      where: { id: ctx.organizationId },
      data: { name },
      select: { id: true, slug: true, name: true },
    });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "organization.renamed",
        target: name,
        metadata: { from: before.name },
        ip,
      },
      tx,
    );
    return organization;
  });
}
