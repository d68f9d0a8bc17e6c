import { recordAudit } from "./audit";
import { prisma } from "./client";
import type { Prisma } from "./generated/client";

/** The stored subscription state an effective plan is derived from (lib/server/billing/effective-plan.ts). */
export interface BillingRecord {
  plan: "free" | "pro";
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  subscriptionStatus: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  pastDueSince: Date | null;
}

const RECORD_COLUMNS = {
  plan: true,
  stripeCustomerId: true,
  stripeSubscriptionId: true,
  subscriptionStatus: true,
  currentPeriodEnd: true,
  cancelAtPeriodEnd: true,
  pastDueSince: true,
} as const;

/** The organization's stored subscription state; null: it never subscribed (Free). */
export async function readOrganizationBilling(organizationId: string): Promise<BillingRecord | null> {
  const row = await prisma.organizationBilling.findUnique({
    where: { organizationId },
    select: RECORD_COLUMNS,
  });
  return row;
}

type Tx = Prisma.TransactionClient;

/** What the webhook compares an event with, besides the record: the times of the stored states. */
export interface LockedBilling extends BillingRecord {
  subscriptionStateAt: Date | null;
  invoiceStateAt: Date | null;
}

/** The columns an applied Stripe event may set. */
export type BillingPatch = Partial<Omit<LockedBilling, "stripeCustomerId">> & { stripeCustomerId?: string };

/**
 * Inside the webhook's transaction: the organization's billing row (created empty when it has none),
 * locked until commit, so concurrent events for one organization apply one after the other; `decide`
 * (pure) says what to change, and a change of plan is written to the audit log.
 */
export async function updateLockedBilling(
  tx: Tx,
  organizationId: string,
  decide: (stored: LockedBilling) => BillingPatch | null,
): Promise<{ applied: boolean }> {
  await tx.$executeRaw`INSERT INTO "OrganizationBilling" ("organizationId", "updatedAt") VALUES (${organizationId}, now()) ON CONFLICT DO NOTHING`;
  const [stored] = await tx.$queryRaw<LockedBilling[]>`
    SELECT "plan"::text AS "plan", "stripeCustomerId", "stripeSubscriptionId", "subscriptionStatus", "currentPeriodEnd",
           "cancelAtPeriodEnd", "pastDueSince", "subscriptionStateAt", "invoiceStateAt"
    FROM "OrganizationBilling" WHERE "organizationId" = ${organizationId} FOR UPDATE`;
  const patch = decide(stored);
  if (!patch) return { applied: false };
  await tx.organizationBilling.update({ where: { organizationId }, data: patch });
  if (patch.plan && patch.plan !== stored.plan) {
    await recordAudit(
      {
        organizationId,
        actorId: null,
        action: "billing.plan_changed",
        target: patch.plan,
        metadata: { from: stored.plan, to: patch.plan, status: patch.subscriptionStatus ?? stored.subscriptionStatus },
      },
      tx,
    );
  }
  return { applied: true };
}

/** The organization a Stripe customer belongs to; null when none stored it. */
export async function organizationOfStripeCustomer(stripeCustomerId: string): Promise<string | null> {
  const row = await prisma.organizationBilling.findFirst({ where: { stripeCustomerId }, select: { organizationId: true } });
  return row?.organizationId ?? null;
}

/**
 * Stores the organization's Stripe customer unless it has one already, and returns the one stored:
 * two concurrent Checkouts that each created a customer agree on the first.
 */
export async function linkStripeCustomer(organizationId: string, stripeCustomerId: string): Promise<string> {
  await prisma.$executeRaw`
    INSERT INTO "OrganizationBilling" ("organizationId", "stripeCustomerId", "updatedAt") VALUES (${organizationId}, ${stripeCustomerId}, now())
    ON CONFLICT ("organizationId") DO UPDATE SET "stripeCustomerId" = ${stripeCustomerId}, "updatedAt" = now()
    WHERE "OrganizationBilling"."stripeCustomerId" IS NULL`;
  const row = await prisma.organizationBilling.findUniqueOrThrow({ where: { organizationId }, select: { stripeCustomerId: true } });
  return row.stripeCustomerId ?? stripeCustomerId;
}

/** A Pro organization's Stripe customer, for the overage meter. */
export interface MeterableOrganization extends BillingRecord {
  organizationId: string;
  stripeCustomerId: string;
}

/** Organizations whose subscription pays for Pro and that have a Stripe customer (the caller checks the effective plan). */
export async function listProCustomers(): Promise<MeterableOrganization[]> {
  const rows = await prisma.organizationBilling.findMany({
    where: { plan: "pro", stripeCustomerId: { not: null } },
    select: { organizationId: true, ...RECORD_COLUMNS },
  });
  return rows.filter((row): row is MeterableOrganization => row.stripeCustomerId !== null);
}

/** A `tokens` entry of the month with the month's tokens before it (in id order): its overage share follows from these. */
export interface UnmeteredTokens {
  id: bigint;
  createdAt: Date;
  tokens: number;
  tokensBefore: number;
}

/**
 * The month's `tokens` entries that are not metered yet and end above `allowance` (cumulative in id
 * order, over every entry of the month, metered or not), created before `before`.
 */
export async function listUnmeteredOverage(
  organizationId: string,
  month: { start: Date; end: Date },
  allowance: number,
  before: Date,
): Promise<UnmeteredTokens[]> {
  const rows = await prisma.$queryRaw<{ id: bigint; createdAt: Date; tokens: bigint; tokensBefore: bigint }[]>`
    SELECT "id", "createdAt", "tokens", "tokensBefore" FROM (
      SELECT "id", "createdAt", "meteredAt",
             ("tokensIn" + "tokensOut" + "cacheReadTokens" + "cacheWriteTokens")::bigint AS "tokens",
             COALESCE(SUM(("tokensIn" + "tokensOut" + "cacheReadTokens" + "cacheWriteTokens")::bigint)
               OVER (ORDER BY "id" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::bigint AS "tokensBefore"
      FROM "UsageEntry"
      WHERE "organizationId" = ${organizationId} AND "kind" = 'tokens' AND "createdAt" >= ${month.start} AND "createdAt" < ${month.end}
    ) AS month
    WHERE "meteredAt" IS NULL AND "tokensBefore" + "tokens" > ${allowance} AND "createdAt" < ${before}
    ORDER BY "id"`;
  return rows.map((row) => ({ id: row.id, createdAt: row.createdAt, tokens: Number(row.tokens), tokensBefore: Number(row.tokensBefore) }));
}

/** Marks an entry's overage share as reported to Stripe. */
export async function markMetered(organizationId: string, id: bigint, at = new Date()): Promise<void> {
  await prisma.usageEntry.updateMany({ where: { organizationId, id, meteredAt: null }, data: { meteredAt: at } });
}
