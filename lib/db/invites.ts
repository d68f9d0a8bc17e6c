import { createHash, randomBytes } from "node:crypto";
import { prisma } from "./client";
import { keepWithinPlaceLimit, type PlaceLimit } from "./plan-limit";
import { recordAudit } from "./audit";
import type { TenantContext } from "./tenant-context";
import { MembershipRuleError } from "./members";
import { claimTenantKey, organizationOfKey } from "./tenant-keys";
import type { Prisma } from "./generated/client";
import type { RoleName } from "@/lib/schemas/account";

export const INVITE_TTL_DAYS = 7;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export class InviteError extends Error {
  constructor(
    readonly reason: "invalid" | "expired" | "used" | "wrong_email" | "already_member",
    message: string,
  ) {
    super(message);
  }
}

/** Creates an invite and returns its one-time token (only its hash is stored, claimed in TenantKey). */
export async function createInvite(ctx: TenantContext, email: string, role: RoleName, ip?: string | null) {
  if (ctx.role === "member") throw new MembershipRuleError("forbidden", "Only owners and admins can invite people.");
  if (role === "owner" && ctx.role !== "owner") throw new MembershipRuleError("forbidden", "Only an owner can invite another owner.");
  const existing = await prisma.membership.findFirst({
    where: { organizationId: ctx.organizationId, user: { email } },
    select: { id: true },
  });
  if (existing) throw new InviteError("already_member", `${email} is already a member of this organization.`);
  const token = randomBytes(24).toString("base64url");
  const invite = await prisma.$transaction(async (tx) => {
    // A new invite for the same address replaces the open one, so only one link works.
    await tx.invite.updateMany({
      where: { organizationId: ctx.organizationId, email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    const created = await tx.invite.create({
      data: {
        organizationId: ctx.organizationId,
        email,
        role,
        tokenHash: hashToken(token),
        createdById: ctx.userId,
        expiresAt: new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000),
      },
    });
    await claimTenantKey(tx, "invite", created.tokenHash, ctx.organizationId);
    await recordAudit(
      { organizationId: ctx.organizationId, actorId: ctx.userId, action: "invite.created", target: email, metadata: { role }, ip },
      tx,
    );
    return created;
  });
  return { invite: serializeInvite(invite), token };
}

export async function listOpenInvites(ctx: TenantContext) {
  const invites = await prisma.invite.findMany({
    where: { organizationId: ctx.organizationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    take: 200,
  });
  return invites.map(serializeInvite);
}

export async function revokeInvite(ctx: TenantContext, inviteId: string, ip?: string | null) {
  if (ctx.role === "member") throw new MembershipRuleError("forbidden", "Only owners and admins can revoke invites.");
  return prisma.$transaction(async (tx) => {
    const updated = await tx.invite.updateMany({
      where: { id: inviteId, organizationId: ctx.organizationId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (updated.count === 0) throw new MembershipRuleError("not_found", "That invite was not found or is no longer open.");
    await recordAudit({ organizationId: ctx.organizationId, actorId: ctx.userId, action: "invite.revoked", target: inviteId, ip }, tx);
    return { id: inviteId };
  });
}

/**
 * The invite a token opens, in the organization its TenantKey names (accepted and revoked ones too: their
 * rows and keys stay); null when none owns the token or the invite is gone.
 */
async function findInviteByToken(token: string, db: Prisma.TransactionClient = prisma) {
  const tokenHash = hashToken(token);
  const organizationId = await organizationOfKey("invite", tokenHash, db);
  if (!organizationId) return null;
  return db.invite.findUnique({
    where: { organizationId_tokenHash: { organizationId, tokenHash } },
    include: { organization: { select: { name: true, slug: true } } },
  });
}

/** What an invite link shows before it is accepted; null when the token is unknown. */
export async function describeInvite(token: string) {
  const invite = await findInviteByToken(token);
  if (!invite) return null;
  return {
    email: invite.email,
    role: invite.role as RoleName,
    organization: invite.organization,
    status: invite.acceptedAt ? "accepted" : invite.revokedAt ? "revoked" : invite.expiresAt < new Date() ? "expired" : "open",
  } as const;
}

/**
 * Accepts an invite for a signed-in user whose email matches; adds the membership atomically.
 * `seats`: the organization's seat limit (billing off: none), read before the transaction opens (it
 * reads through the pool: inside the transaction it would wait for a second connection). The
 * membership is counted under the organization's lock, so two accepts at the last seat cannot both pass.
 */
export async function acceptInvite(
  token: string,
  user: { id: string; email: string },
  ip?: string | null,
  seats: (organizationId: string) => Promise<PlaceLimit | undefined> = async () => undefined,
) {
  const found = await findInviteByToken(token);
  const seatLimit = found ? await seats(found.organizationId) : undefined;
  return prisma.$transaction(async (tx) => {
    const invite = await findInviteByToken(token, tx);
    if (!invite || invite.revokedAt) throw new InviteError("invalid", "This invite link is not valid. Ask an admin for a new one.");
    if (invite.acceptedAt) throw new InviteError("used", "This invite has already been used.");
    if (invite.expiresAt < new Date()) throw new InviteError("expired", "This invite has expired. Ask an admin for a new one.");
    if (invite.email !== user.email.toLowerCase()) {
      throw new InviteError("wrong_email", `This invite is for ${invite.email}. Sign in with that address to accept it.`);
    }
    const claimed = await tx.invite.updateMany({
      where: { organizationId: invite.organizationId, id: invite.id, acceptedAt: null },
      data: { acceptedAt: new Date() },
    });
    if (claimed.count === 0) throw new InviteError("used", "This invite has already been used.");
    const existing = await tx.membership.findUnique({
      where: { organizationId_userId: { organizationId: invite.organizationId, userId: user.id } },
    });
    if (!existing)
      await keepWithinPlaceLimit(tx, invite.organizationId, "seats", seatLimit, () =>
        tx.membership.count({ where: { organizationId: invite.organizationId } }),
      );
    if (!existing) await tx.membership.create({ data: { organizationId: invite.organizationId, userId: user.id, role: invite.role } });
    await recordAudit(
      {
        organizationId: invite.organizationId,
        actorId: user.id,
        action: "invite.accepted",
        target: user.email,
        metadata: { role: invite.role },
        ip,
      },
      tx,
    );
    return { organization: invite.organization, role: invite.role as RoleName };
  });
}

function serializeInvite(invite: { id: string; email: string; role: string; createdAt: Date; expiresAt: Date }) {
  return {
    id: invite.id,
    email: invite.email,
    role: invite.role as RoleName,
    createdAt: invite.createdAt.toISOString(),
    expiresAt: invite.expiresAt.toISOString(),
  };
}
