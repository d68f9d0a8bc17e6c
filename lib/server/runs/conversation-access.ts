import { conversationContext, slotContext } from "@/lib/db/conversation-access";
import type { TenantContext } from "@/lib/db/tenant-context";
import { requireUser } from "@/lib/server/auth/session";
import { notFound } from "@/lib/server/http/app-error";

/** The signed-in user's tenant context for a conversation, from the conversation's own organization. 404 for unknown and foreign ones alike. */
export async function requireConversation(conversationId: string): Promise<TenantContext> {
  const user = await requireUser();
  const ctx = await conversationContext(user.id, conversationId);
  if (!ctx) throw notFound("This conversation");
  return ctx;
}

/** The same for a card: its conversation's tenant, if the user is a member of it. */
export async function requireSlot(slotId: string): Promise<{ ctx: TenantContext; conversationId: string }> {
  const user = await requireUser();
  const found = await slotContext(user.id, slotId);
  if (!found) throw notFound("This card");
  return found;
}
