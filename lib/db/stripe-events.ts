import { prisma } from "./client";
import type { Prisma } from "./generated/client";

export interface StripeEventRow {
  id: string;
  type: string;
  /** The organization it was applied to; null when it named none we know. */
  organizationId: string | null;
  /** The event's own `created` time. */
  createdAt: Date;
}

/**
 * Takes a Stripe event exactly once: its row and `apply` in one transaction. A redelivery (the same
 * id, also two deliveries at once: the second INSERT waits for the first to commit, then conflicts)
 * applies nothing and answers `duplicate`. A failure in `apply` rolls the row back, so Stripe's retry
 * is taken again. `apply` may wait for one bounded Stripe read (the subscription's current state).
 */
/** Longer than the webhook's Stripe read (10 s): a slow read ends as a 503, not a stuck transaction. */
const APPLY_TIMEOUT_MS = 15_000;

export async function takeStripeEvent(
  event: StripeEventRow,
  apply: (tx: Prisma.TransactionClient) => Promise<unknown>,
): Promise<{ duplicate: boolean }> {
  return prisma.$transaction(
    async (tx) => {
      const inserted = await tx.$executeRaw`
      INSERT INTO "StripeEvent" ("id", "type", "organizationId", "createdAt")
      VALUES (${event.id}, ${event.type}, ${event.organizationId}, ${event.createdAt})
      ON CONFLICT ("id") DO NOTHING`;
      if (inserted === 0) return { duplicate: true };
      await apply(tx);
      return { duplicate: false };
    },
    { timeout: APPLY_TIMEOUT_MS, maxWait: APPLY_TIMEOUT_MS },
  );
}

/** Whether an organization with this id exists (an event may name one that was deleted, or none of ours). */
export async function organizationExists(organizationId: string): Promise<boolean> {
  return (await prisma.organization.count({ where: { id: organizationId } })) > 0;
}
