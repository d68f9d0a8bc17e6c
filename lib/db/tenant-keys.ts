import { z } from "zod";
import { prisma } from "./client";
import type { Prisma } from "./generated/client";

/**
 * The keys that arrive before the organization is known, and which organization owns each
 * (the global TenantKey table, prisma/schema.prisma). A lookup reads the owner here, then the tenant
 * row by (organizationId, key): two statements, so the second names the organization and Citus routes
 * it to one node. A write claims the key in the transaction of its tenant row.
 */
export const TenantKeyKind = z.enum(["api_key", "inbox_item", "invite", "share_link", "stripe_customer"]);
export type TenantKeyKind = z.infer<typeof TenantKeyKind>;

/**
 * Records that `organizationId` owns `key`. A key another row already holds fails with Prisma's
 * unique violation (P2002), as the tenant table's own unique key did, and aborts the transaction.
 */
export async function claimTenantKey(
  tx: Prisma.TransactionClient,
  kind: TenantKeyKind,
  key: string,
  organizationId: string,
): Promise<void> {
  await tx.tenantKey.create({ data: { kind, key, organizationId } });
}

/** Forgets `key`, only when `organizationId` owns it (another organization's claim is never touched). */
export async function releaseTenantKey(
  tx: Prisma.TransactionClient,
  kind: TenantKeyKind,
  key: string,
  organizationId: string,
): Promise<void> {
  await tx.tenantKey.deleteMany({ where: { kind, key, organizationId } });
}

/** The organization that owns `key`, or null when none does. The tenant row may still be gone (a dangling key). */
export async function organizationOfKey(kind: TenantKeyKind, key: string, db: Prisma.TransactionClient = prisma): Promise<string | null> {
  const row = await db.tenantKey.findUnique({ where: { kind_key: { kind, key } }, select: { organizationId: true } });
  return row?.organizationId ?? null;
}
