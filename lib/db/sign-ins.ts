import { prisma } from "./client";

/** A sign-in (or a failed one for a known user) is recorded in the audit log of each of the user's organizations. */
export async function recordSignIn(input: { userId: string | null; email: string; ip: string; success: boolean }) {
  if (!input.userId) return;
  const memberships = await prisma.membership.findMany({ where: { userId: input.userId }, select: { organizationId: true } });
  if (memberships.length === 0) return;
  await prisma.auditLog.createMany({
    data: memberships.map((m) => ({
      organizationId: m.organizationId,
      actorId: input.userId,
      action: input.success ? "user.signed_in" : "user.sign_in_failed",
      target: input.email,
      ip: input.ip,
    })),
  });
}
