import { prisma } from "./client";
import { Prisma } from "./generated/client";
import { recordAudit } from "./audit";
import { randomSuffix, slugify } from "./slug";
import { auditInEveryOrganization, endAllSessionsTx } from "./sessions";

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists.");
  }
}

export function findUserByEmail(email: string) {
  return prisma.user.findUnique({ where: { email: email.toLowerCase() } });
}

export function findUserById(id: string) {
  return prisma.user.findUnique({ where: { id }, select: { id: true, email: true, name: true, image: true, passwordHash: true } });
}

/** The name a card shows for who answered it: the person's name, else their email; null for an unknown id. */
export async function userDisplayName(id: string): Promise<string | null> {
  const user = await prisma.user.findUnique({ where: { id }, select: { name: true, email: true } });
  return user ? user.name.trim() || user.email : null;
}

/** Creates the user and their first organization (as owner) in one transaction. */
export async function createUserWithOrganization(input: {
  email: string;
  name: string;
  passwordHash: string | null;
  organizationName?: string;
  ip?: string | null;
}) {
  try {
    return await prisma.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email: input.email.toLowerCase(), name: input.name, passwordHash: input.passwordHash } });
      const organization = await createOrganizationTx(tx, input.organizationName ?? `${input.name}'s team`, user.id);
      await recordAudit(
        { organizationId: organization.id, actorId: user.id, action: "user.signed_up", target: user.email, ip: input.ip },
        tx,
      );
      return { user, organization };
    });
  } catch (error) {
    if (isUniqueViolation(error, "email")) throw new EmailTakenError();
    throw error;
  }
}

/**
 * Creates an organization with `ownerId` as its owner; retries the slug on collision. The insert
 * skips a taken slug instead of failing (ON CONFLICT DO NOTHING): a failed statement would abort
 * the caller's transaction, and two sign-ups with the same team name may race for it.
 */
export async function createOrganizationTx(tx: Prisma.TransactionClient, name: string, ownerId: string) {
  const base = slugify(name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = attempt === 0 ? base : `${base.slice(0, 33)}-${randomSuffix()}`;
    const [organization] = await tx.organization.createManyAndReturn({ data: [{ name, slug }], skipDuplicates: true });
    if (!organization) continue;
    await tx.membership.create({ data: { organizationId: organization.id, userId: ownerId, role: "owner" } });
    return organization;
  }
  throw new Error("Could not find a free organization slug");
}

export function updateUserName(userId: string, name: string) {
  return prisma.user.update({ where: { id: userId }, data: { name }, select: { id: true, name: true, email: true } });
}

/**
 * The new password ends every session of the user (a stolen cookie dies with the old password);
 * returns the new session version, for the changer's own re-issued cookie.
 */
export function updateUserPassword(userId: string, passwordHash: string, ip?: string | null): Promise<number> {
  return prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    const version = await endAllSessionsTx(tx, userId);
    await auditInEveryOrganization(tx, userId, "user.password_changed", ip);
    return version;
  });
}

export function isUniqueViolation(error: unknown, field?: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return false;
  if (!field) return true;
  return JSON.stringify(error.meta ?? {}).includes(field);
}
