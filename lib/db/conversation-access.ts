import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";
import type { RoleName } from "@/lib/schemas/account";

/**
 * Conversation and slot routes carry no organization slug: the tenant comes from the row itself,
 * and the user must be a member of it. Null means "not found" for the caller (also when the row
 * exists in an organization the user does not belong to), so routes answer 404 either way.
 */
export async function conversationContext(userId: string, conversationId: string): Promise<TenantContext | null> {
  const membership = await prisma.membership.findFirst({
    where: { userId, organization: { conversations: { some: { id: conversationId } } } },
    select: { role: true, organization: { select: { id: true, slug: true } } },
  });
  return membership ? { userId, organizationId: membership.organization.id, orgSlug: membership.organization.slug, role: membership.role as RoleName } : null;
}

/** The tenant and conversation of a card, for a member of its organization. */
export async function slotContext(userId: string, slotId: string): Promise<{ ctx: TenantContext; conversationId: string } | null> {
  const slot = await prisma.slot.findFirst({ where: { id: slotId }, select: { conversationId: true } });
  if (!slot) return null;
  const ctx = await conversationContext(userId, slot.conversationId);
  return ctx ? { ctx, conversationId: slot.conversationId } : null;
}
