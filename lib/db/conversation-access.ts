import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";
import type { RoleName } from "@/lib/schemas/account";

/**
 * Conversation and slot routes carry no organization slug: the tenant comes from the row itself,
 * and the user must be a member of it. Null means "not found" for the caller (also when the row
 * exists in an organization the user does not belong to, or is deleted), so routes answer 404 either way.
 */
export const conversationContext = (userId: string, conversationId: string) => membershipOfConversation(userId, conversationId, false);

/** As `conversationContext`, for a conversation that is deleted (not yet purged): the restore route's. */
export const deletedConversationContext = (userId: string, conversationId: string) =>
  membershipOfConversation(userId, conversationId, true);

async function membershipOfConversation(userId: string, conversationId: string, deleted: boolean): Promise<TenantContext | null> {
  // One statement (Prisma's nested select would be two): the membership of the user in the organization owning the conversation.
  const rows = await prisma.$queryRaw<{ role: string; organizationId: string; orgSlug: string }[]>`
    SELECT m."role"::text AS "role", o."id" AS "organizationId", o."slug" AS "orgSlug"
    FROM "Conversation" c
    JOIN "Organization" o ON o."id" = c."organizationId"
    JOIN "Membership" m ON m."organizationId" = o."id" AND m."userId" = ${userId}
    WHERE c."id" = ${conversationId} AND (c."deletedAt" IS NOT NULL) = ${deleted}
    LIMIT 1`;
  const row = rows[0];
  return row ? { userId, organizationId: row.organizationId, orgSlug: row.orgSlug, role: row.role as RoleName } : null;
}

/** The tenant and conversation of a card, for a member of its organization; one statement, like `conversationContext`. */
export async function slotContext(userId: string, slotId: string): Promise<{ ctx: TenantContext; conversationId: string } | null> {
  const rows = await prisma.$queryRaw<{ role: string; organizationId: string; orgSlug: string; conversationId: string }[]>`
    SELECT m."role"::text AS "role", o."id" AS "organizationId", o."slug" AS "orgSlug", c."id" AS "conversationId"
    FROM "Slot" s
    JOIN "Conversation" c ON c."id" = s."conversationId" AND c."organizationId" = s."organizationId" AND c."deletedAt" IS NULL
    JOIN "Organization" o ON o."id" = c."organizationId"
    JOIN "Membership" m ON m."organizationId" = o."id" AND m."userId" = ${userId}
    WHERE s."id" = ${slotId}
    LIMIT 1`;
  const row = rows[0];
  return row
    ? {
        ctx: { userId, organizationId: row.organizationId, orgSlug: row.orgSlug, role: row.role as RoleName },
        conversationId: row.conversationId,
      }
    : null;
}
