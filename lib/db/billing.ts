import { recordAudit } from "./audit";
import { prisma } from "./client";
import type { Prisma } from "./generated/client";
import { claimTenantKey, organizationOfKey, releaseTenantKey } from "./tenant-keys";

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
export type BillingPatch = Partial<Omit<LockedBilling, "stripeCustomerId">> & {
  stripeCustomerId?: string;
  /** A completed Checkout closes the open session. */
  checkoutUrl?: null;
  checkoutExpiresAt?: null;
};

/** A billing row taken `FOR UPDATE` (created empty when the organization has none), held until the transaction ends. */
async function lockBillingRow<Row>(tx: Tx, organizationId: string): Promise<Row> {
  await tx.$executeRaw`INSERT INTO "OrganizationBilling" ("organizationId", "updatedAt") VALUES (${organizationId}, now()) ON CONFLICT DO NOTHING`;
  const [stored] = await tx.$queryRaw<Row[]>`
    SELECT "plan"::text AS "plan", "stripeCustomerId", "stripeSubscriptionId", "subscriptionStatus", "currentPeriodEnd",
           "cancelAtPeriodEnd", "pastDueSince", "subscriptionStateAt", "invoiceStateAt", "checkoutUrl", "checkoutExpiresAt", "updatedAt"
    FROM "OrganizationBilling" WHERE "organizationId" = ${organizationId} FOR UPDATE`;
  return stored;
}

/**
 * Moves the organization's Stripe customer key (TenantKey) from `from` to `to`, in the transaction that
 * writes `to` to its billing row. A customer another organization owns fails (P2002), as the column's own
 * unique key did.
 */
async function rekeyStripeCustomer(tx: Tx, organizationId: string, from: string | null, to: string | null): Promise<void> {
  if (from === to) return;
  if (from) await releaseTenantKey(tx, "stripe_customer", from, organizationId);
  if (to) await claimTenantKey(tx, "stripe_customer", to, organizationId);
}

/**
 * Inside the webhook's transaction: the organization's billing row, locked until commit, so
 * concurrent events for one organization apply one after the other; `decide` says what to change
 * (it may ask Stripe for the current state: it then reads it under the lock, after every event
 * applied before), and a change of plan is written to the audit log (Pro → Free also sets `proEndedAt`).
 */
export async function updateLockedBilling(
  tx: Tx,
  organizationId: string,
  decide: (stored: LockedBilling) => BillingPatch | null | Promise<BillingPatch | null>,
): Promise<{ applied: boolean }> {
  const stored = await lockBillingRow<LockedBilling>(tx, organizationId);
  const patch = await decide(stored);
  if (!patch) return { applied: false };
  const endsPro = stored.plan === "pro" && patch.plan === "free";
  if (patch.stripeCustomerId !== undefined) await rekeyStripeCustomer(tx, organizationId, stored.stripeCustomerId, patch.stripeCustomerId);
  await tx.organizationBilling.update({ where: { organizationId }, data: { ...patch, ...(endsPro && { proEndedAt: new Date() }) } });
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

/**
 * The organization a Stripe customer belongs to (its TenantKey), when its billing row still names that
 * customer; null when none stored it.
 */
export async function organizationOfStripeCustomer(stripeCustomerId: string): Promise<string | null> {
  const organizationId = await organizationOfKey("stripe_customer", stripeCustomerId);
  if (!organizationId) return null;
  const row = await prisma.organizationBilling.findUnique({
    where: { organizationId_stripeCustomerId: { organizationId, stripeCustomerId } },
    select: { organizationId: true },
  });
  return row?.organizationId ?? null;
}

/** Checkout's view of the locked row: the record, the open session, and when the row last changed. */
export interface CheckoutBilling extends LockedBilling {
  checkoutUrl: string | null;
  checkoutExpiresAt: Date | null;
  updatedAt: Date;
}

/** What a Checkout leaves on the row: the customer it used (null: forget a deleted one) and the session it opened. */
export interface CheckoutOutcome<T> {
  stripeCustomerId?: string | null;
  session?: { url: string; expiresAt: Date };
  result: T;
}

/** Checkout holds the row's lock through its Stripe calls (two, each bounded by the client's timeout). */
const CHECKOUT_LOCK_MS = 60_000;

/**
 * Runs one Checkout under the lock of the organization's billing row, so two owners (or tabs) at once
 * go one after the other: the second sees the first's customer and open session. What `work`
 * returns is written before the lock is released, even when it carries a refusal as its result.
 */
export async function withCheckoutLock<T>(
  organizationId: string,
  work: (stored: CheckoutBilling) => Promise<CheckoutOutcome<T>>,
): Promise<T> {
  // The row exists before (and outside) the transaction, so its `updatedAt` (the customer's idempotency key) outlives a rolled-back attempt.
  await prisma.$executeRaw`INSERT INTO "OrganizationBilling" ("organizationId", "updatedAt") VALUES (${organizationId}, now()) ON CONFLICT DO NOTHING`;
  return prisma.$transaction(
    async (tx) => {
      const stored = await lockBillingRow<CheckoutBilling>(tx, organizationId);
      const outcome = await work(stored);
      const data = {
        ...(outcome.stripeCustomerId !== undefined && { stripeCustomerId: outcome.stripeCustomerId }),
        ...(outcome.session && { checkoutUrl: outcome.session.url, checkoutExpiresAt: outcome.session.expiresAt }),
      };
      if (outcome.stripeCustomerId !== undefined)
        await rekeyStripeCustomer(tx, organizationId, stored.stripeCustomerId, outcome.stripeCustomerId);
      if (Object.keys(data).length > 0) await tx.organizationBilling.update({ where: { organizationId }, data });
      return outcome.result;
    },
    { timeout: CHECKOUT_LOCK_MS, maxWait: CHECKOUT_LOCK_MS },
  );
}

/** An organization whose overage may still be reported: Pro now, or Pro until `proEndedAt`. */
export interface MeterableOrganization extends BillingRecord {
  organizationId: string;
  stripeCustomerId: string;
  proEndedAt: Date | null;
}

/**
 * Organizations with a Stripe customer whose subscription pays for Pro, or paid for it until a time
 * at or after `since` (entries used before that time are still reported); the caller decides the window.
 */
export async function listMeterableCustomers(since: Date): Promise<MeterableOrganization[]> {
  const rows = await prisma.organizationBilling.findMany({
    where: { stripeCustomerId: { not: null }, OR: [{ plan: "pro" }, { proEndedAt: { gte: since } }] },
    select: { organizationId: true, proEndedAt: true, ...RECORD_COLUMNS },
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
 * order, over every entry of the month, metered or not), created before `before` (the month's end,
 * or earlier when the organization stopped being Pro) and at least `settleSeconds` before the
 * database's clock: the window is Postgres's own time, so a worker whose clock runs ahead cannot
 * shorten it.
 */
export async function listUnmeteredOverage(
  organizationId: string,
  month: { start: Date; end: Date },
  allowance: number,
  settleSeconds: number,
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
    WHERE "meteredAt" IS NULL AND "tokensBefore" + "tokens" > ${allowance}
      AND "createdAt" < (clock_timestamp() AT TIME ZONE 'UTC') - make_interval(secs => ${settleSeconds}) AND "createdAt" < ${before}
    ORDER BY "id"`;
  return rows.map((row) => ({ id: row.id, createdAt: row.createdAt, tokens: Number(row.tokens), tokensBefore: Number(row.tokensBefore) }));
}

/** Marks an entry's overage share as reported to Stripe. */
export async function markMetered(organizationId: string, id: bigint, at = new Date()): Promise<void> {
  await prisma.usageEntry.updateMany({ where: { organizationId, id, meteredAt: null }, data: { meteredAt: at } });
}
