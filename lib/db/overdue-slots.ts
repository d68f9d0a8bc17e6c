import { Prisma } from "./generated/client";
import { prisma } from "./client";

const utcNow = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** Conversations with a pending card past its expiry time, across tenants (for the expiry job). */
export async function conversationsWithOverdueSlots(limit = 100): Promise<{ organizationId: string; conversationId: string }[]> {
  return prisma.$queryRaw<{ organizationId: string; conversationId: string }[]>`
    SELECT DISTINCT "organizationId", "conversationId" FROM "Slot"
    WHERE "status" = 'pending' AND "expiresAt" IS NOT NULL AND "expiresAt" <= ${utcNow}
    LIMIT ${limit}`;
}
