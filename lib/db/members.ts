import { prisma } from "./client";
import { recordAudit } from "./audit";
import type { TenantContext } from "./tenant-context";
import type { RoleName } from "@/lib/schemas/account";

export class MembershipRuleError extends Error {
  constructor(
    readonly reason: "not_found" | "forbidden" | "last_owner",
    message: string,
  ) {
    super(message);
  }
}

export async function listMembers(ctx: TenantContext) {
  const rows = await prisma.membership.findMany({
    where: { organizationId: ctx.organizationId },
    orderBy: { createdAt: "asc" },
    select: { role: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
  });
  return rows.map((r) => ({
    userId: r.user.id,
    name: r.user.name,
    email: r.user.email,
    role: r.role as RoleName,
    joinedAt: r.createdAt.toISOString(),
  }));
}

/**
 * Role changes follow one rule set: admins manage members and admins; only owners touch
 * owners or make new ones; the organization always keeps at least one owner.
 * Runs in a serializable-enough way by locking the organization's memberships.
 */
export async function changeMemberRole(ctx: TenantContext, targetUserId: string, role: RoleName, ip?: string | null) {
  return prisma.$transaction(async (tx) => {
    await lockMemberships(tx, ctx.organizationId);
    const target = await tx.membership.findUnique({
      where: { organizationId_userId: { organizationId: ctx.organizationId, userId: targetUserId } },
    });
    if (!target) throw new MembershipRuleError("not_found", "That person is not a member of this organization.");
    if (ctx.role === "member") throw new MembershipRuleError("forbidden", "Only owners and admins can change roles.");
    if ((target.role === "owner" || role === "owner") && ctx.role !== "owner") {
      throw new MembershipRuleError("forbidden", "Only an owner can change an owner's role or make someone an owner.");
    }
    if (target.role === "owner" && role !== "owner") await assertAnotherOwner(tx, ctx.organizationId, targetUserId);
    if (target.role === role) return { userId: targetUserId, role };
    await tx.membership.update({ where: { organizationId_id: { organizationId: ctx.organizationId, id: target.id } }, data: { role } });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "member.role_changed",
        target: targetUserId,
        metadata: { from: target.role, to: role },
        ip,
      },
      tx,
    );
    return { userId: targetUserId, role };
  });
}

/** Removes a member, or lets a member leave when the target is the actor. */
export async function removeMember(ctx: TenantContext, targetUserId: string, ip?: string | null) {
  return prisma.$transaction(async (tx) => {
    await lockMemberships(tx, ctx.organizationId);
    const target = await tx.membership.findUnique({
      where: { organizationId_userId: { organizationId: ctx.organizationId, userId: targetUserId } },
    });
    if (!target) throw new MembershipRuleError("not_found", "That person is not a member of this organization.");
    const leaving = targetUserId === ctx.userId;
    if (!leaving) {
      if (ctx.role === "member") throw new MembershipRuleError("forbidden", "Only owners and admins can remove members.");
      if (target.role === "owner" && ctx.role !== "owner") throw new MembershipRuleError("forbidden", "Only an owner can remove an owner.");
    }
    if (target.role === "owner") await assertAnotherOwner(tx, ctx.organizationId, targetUserId);
    await tx.membership.delete({ where: { organizationId_id: { organizationId: ctx.organizationId, id: target.id } } });
    // A former member's connector tokens must not keep acting for the organization (a suspended run would use them).
    await tx.connectorCredential.deleteMany({ where: { organizationId: ctx.organizationId, userId: targetUserId } });
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: leaving ? "member.left" : "member.removed",
        target: targetUserId,
        ip,
      },
      tx,
    );
    return { userId: targetUserId, left: leaving };
  });
}

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

// Two concurrent demotions of the last two owners must not both pass the "another owner" check.
async function lockMemberships(tx: Tx, organizationId: string) {
  await tx.$queryRaw`SELECT id FROM "Membership" WHERE "organizationId" = ${organizationId} FOR UPDATE`;
}

async function assertAnotherOwner(tx: Tx, organizationId: string, exceptUserId: string) {
  const others = await tx.membership.count({ where: { organizationId, role: "owner", userId: { not: exceptUserId } } });
  if (others === 0) {
    throw new MembershipRuleError("last_owner", "The organization needs at least one owner. Make someone else an owner first.");
  }
}
