import { prisma } from "./client";
import { Prisma } from "./generated/client";
import { getPgPool } from "./pg-pool";

/**
 * Whether a session token is still honoured: its user exists, the user's session version is the
 * one the token was issued at (a password change or "sign out everywhere" bumps it), and the
 * token's own session was not signed out. One round trip on two primary keys, on every
 * authenticated request, so a revocation holds on every server instance at once. On the raw pg
 * pool as a named (prepared once per connection) statement: it runs on every request, beside the
 * route's own first read on Prisma's pool, and Prisma's per-query overhead is the larger part of it.
 */
/** A session as its cookie names it: whose, which one, and the user's session version it was issued at. */
export interface SessionKey {
  userId: string;
  sessionId: string;
  sessionVersion: number;
}

/**
 * `isSessionCurrent` as a boolean column of a statement that already reads the user's row as
 * `userAlias` (the message route's turn start): the same rule, without a round trip of its own.
 */
export function sessionCurrentColumn(userAlias: string, { sessionId, sessionVersion }: SessionKey): Prisma.Sql {
  return Prisma.sql`(${Prisma.raw(`${userAlias}."sessionVersion"`)} = ${sessionVersion} AND NOT EXISTS (SELECT 1 FROM "RevokedSession" WHERE "sessionId" = ${sessionId}))`;
}

export async function isSessionCurrent(userId: string, sessionId: string, sessionVersion: number): Promise<boolean> {
  const { rows } = await getPgPool().query<{ ok: boolean }>({
    name: "handoff_session_current",
    text: `SELECT NOT EXISTS (SELECT 1 FROM "RevokedSession" WHERE "sessionId" = $1) AS ok FROM "User" WHERE id = $2 AND "sessionVersion" = $3`,
    values: [sessionId, userId, sessionVersion],
  });
  return rows[0]?.ok === true;
}

export async function sessionVersionOf(userId: string): Promise<number | null> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  return user?.sessionVersion ?? null;
}

/** Ends one session (sign-out). Rows past their token's expiry are of no use any more and go. */
export async function revokeSession(input: { sessionId: string; userId: string; expiresAt: Date; ip?: string | null }) {
  await prisma.$transaction(async (tx) => {
    await tx.revokedSession.deleteMany({ where: { expiresAt: { lt: new Date() } } });
    await tx.revokedSession.createMany({
      data: [{ sessionId: input.sessionId, userId: input.userId, expiresAt: input.expiresAt }],
      skipDuplicates: true,
    });
    await auditInEveryOrganization(tx, input.userId, "user.signed_out", input.ip);
  });
}

/** Ends every session of the user (a new version); returns the new version. */
export async function endAllSessionsTx(tx: Prisma.TransactionClient, userId: string): Promise<number> {
  const user = await tx.user.update({
    where: { id: userId },
    data: { sessionVersion: { increment: 1 } },
    select: { sessionVersion: true },
  });
  return user.sessionVersion;
}

export function endAllSessions(userId: string, ip?: string | null) {
  return prisma.$transaction(async (tx) => {
    const version = await endAllSessionsTx(tx, userId);
    await auditInEveryOrganization(tx, userId, "user.signed_out_everywhere", ip);
    return version;
  });
}

/** Account-level security actions go to the audit log of each of the user's organizations, as sign-ins do. */
export async function auditInEveryOrganization(tx: Prisma.TransactionClient, userId: string, action: string, ip?: string | null) {
  const memberships = await tx.membership.findMany({ where: { userId }, select: { organizationId: true } });
  if (memberships.length === 0) return;
  await tx.auditLog.createMany({
    data: memberships.map((m) => ({ organizationId: m.organizationId, actorId: userId, action, ip: ip ?? null })),
  });
}
