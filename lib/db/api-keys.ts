import { recordAudit } from "./audit";
import { prisma } from "./client";
import { claimTenantKey, organizationOfKey } from "./tenant-keys";
import type { TenantContext } from "./tenant-context";

/** lastUsedAt is written at most once per this interval per key, never on every request. */
export const LAST_USED_INTERVAL_MS = 60_000;

type Person = { id: string; name: string | null; email: string };

export interface ApiKeyRecord {
  id: string;
  name: string;
  publicId: string;
  scopes: string[];
  createdBy: Person | null;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const personOrDeleted = (byId: Map<string, Person>, id: string | null): Person | null =>
  id === null ? null : (byId.get(id) ?? { id, name: "Deleted user", email: "" });

async function withPeople<R extends { createdById: string | null }>(rows: R[]) {
  const ids = [...new Set(rows.map((row) => row.createdById).filter((id): id is string => id !== null))];
  const people = ids.length
    ? await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } })
    : [];
  const byId = new Map(people.map((person) => [person.id, person]));
  return rows.map((row) => ({ row, createdBy: personOrDeleted(byId, row.createdById) }));
}

const SELECT = {
  id: true,
  name: true,
  publicId: true,
  scopes: true,
  createdById: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

/** The organization's keys, newest first, revoked ones included. Never the hash. */
export async function listApiKeys(ctx: TenantContext): Promise<ApiKeyRecord[]> {
  const rows = await prisma.apiKey.findMany({
    where: { organizationId: ctx.organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: SELECT,
  });
  return (await withPeople(rows)).map(({ row, createdBy }) => ({ ...row, createdBy }));
}

export interface NewApiKey {
  name: string;
  scopes: string[];
  expiresAt: Date | null;
  publicId: string;
  keyHash: string;
}

/** Stores a key (its hash only), claims its public id (TenantKey) and audits `api_key.created` in the same transaction. */
export async function createApiKey(ctx: TenantContext, input: NewApiKey, ip?: string | null): Promise<ApiKeyRecord> {
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: {
        organizationId: ctx.organizationId,
        name: input.name,
        scopes: input.scopes,
        expiresAt: input.expiresAt,
        publicId: input.publicId,
        keyHash: input.keyHash,
        createdById: ctx.userId,
      },
      select: SELECT,
    });
    await claimTenantKey(tx, "api_key", created.publicId, ctx.organizationId);
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "api_key.created",
        target: created.name,
        metadata: {
          keyId: created.id,
          publicId: created.publicId,
          scopes: created.scopes,
          expiresAt: created.expiresAt?.toISOString() ?? null,
        },
        ip,
      },
      tx,
    );
    return created;
  });
  const [{ createdBy }] = await withPeople([row]);
  return { ...row, createdBy };
}

/**
 * Revokes one key of the organization, audited (`api_key.revoked`) in the same transaction. A key
 * already revoked stays as it was (no second entry). Null when the organization has no such key.
 */
export async function revokeApiKey(ctx: TenantContext, keyId: string, ip?: string | null): Promise<ApiKeyRecord | null> {
  const row = await prisma.$transaction(async (tx) => {
    const found = await tx.apiKey.findFirst({ where: { id: keyId, organizationId: ctx.organizationId }, select: { id: true } });
    if (!found) return null;
    const { count } = await tx.apiKey.updateMany({
      where: { id: keyId, organizationId: ctx.organizationId, revokedAt: null },
      data: { revokedAt: new Date(), revokedById: ctx.userId },
    });
    const current = await tx.apiKey.findUniqueOrThrow({
      where: { organizationId_id: { organizationId: ctx.organizationId, id: keyId } },
      select: SELECT,
    });
    if (count === 1) {
      await recordAudit(
        {
          organizationId: ctx.organizationId,
          actorId: ctx.userId,
          action: "api_key.revoked",
          target: current.name,
          metadata: { keyId: current.id, publicId: current.publicId },
          ip,
        },
        tx,
      );
    }
    return current;
  });
  if (!row) return null;
  const [{ createdBy }] = await withPeople([row]);
  return { ...row, createdBy };
}

/** What authentication needs of a key, found by its public id (no tenant yet: its TenantKey names it). */
export interface ApiKeyCredential {
  id: string;
  name: string;
  organizationId: string;
  orgSlug: string;
  keyHash: string;
  scopes: string[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export async function findApiKeyCredential(publicId: string): Promise<ApiKeyCredential | null> {
  const organizationId = await organizationOfKey("api_key", publicId);
  if (!organizationId) return null;
  const row = await prisma.apiKey.findUnique({
    where: { organizationId_publicId: { organizationId, publicId } },
    select: {
      id: true,
      name: true,
      organizationId: true,
      keyHash: true,
      scopes: true,
      expiresAt: true,
      lastUsedAt: true,
      revokedAt: true,
      organization: { select: { slug: true } },
    },
  });
  if (!row) return null;
  const { organization, ...rest } = row;
  return { ...rest, orgSlug: organization.slug };
}

/**
 * Records a use when the stored lastUsedAt is older than the interval (or unset). The caller checks
 * the value it read first, so most requests write nothing; the condition makes concurrent
 * instances write once between them. Returns whether this call wrote.
 */
export async function touchApiKey(
  key: { organizationId: string; id: string },
  now = new Date(),
  intervalMs = LAST_USED_INTERVAL_MS,
): Promise<boolean> {
  const { count } = await prisma.apiKey.updateMany({
    where: {
      organizationId: key.organizationId,
      id: key.id,
      OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - intervalMs) } }],
    },
    data: { lastUsedAt: now },
  });
  return count === 1;
}

/** Whether a use at `now` should be recorded, from the value already read. */
export const dueForTouch = (lastUsedAt: Date | null, now = new Date(), intervalMs = LAST_USED_INTERVAL_MS) =>
  lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= intervalMs;
