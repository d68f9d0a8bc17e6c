import { conversationContext, slotContext } from "@/lib/db/conversation-access";
import type { TenantContext } from "@/lib/db/tenant-context";
import { readTurnStart, type TurnStart } from "@/lib/db/turn-start";
import { runLeaseMs } from "@/lib/server/runs/lease-config";
import { requireSessionUserId } from "@/lib/server/auth/session";
import { notFound } from "@/lib/server/http/app-error";
import { possibleId } from "@/lib/server/http/path-id";

/**
 * The signed-in user's tenant context for a conversation, from the conversation's own organization.
 * 404 for unknown and foreign ones alike. The membership join also proves the user still exists.
 */
export async function requireConversation(conversationId: string): Promise<TenantContext> {
  const userId = await requireSessionUserId();
  const ctx = possibleId(conversationId) ? await conversationContext(userId, conversationId) : null;
  if (!ctx) throw notFound("This conversation");
  return ctx;
}

/** The same for a card: its conversation's tenant, if the user is a member of it. */
export async function requireSlot(slotId: string): Promise<{ ctx: TenantContext; conversationId: string }> {
  const userId = await requireSessionUserId();
  const found = possibleId(slotId) ? await slotContext(userId, slotId) : null;
  if (!found) throw notFound("This card");
  return found;
}

/** `requireConversation` for a person's message, with everything its run needs read in the same statement (lib/db/turn-start.ts). */
export async function requireTurnStart(conversationId: string, userId: string): Promise<TurnStart> {
  const turn = possibleId(conversationId) ? await readTurnStart(userId, conversationId, runLeaseMs()) : null;
  if (!turn) throw notFound("This conversation");
  return turn;
}
