import type { Message } from "@/lib/agent/messages";
import { storableJson } from "@/lib/schemas/text";
import { prisma } from "./client";
import { messageToJsonRow } from "./store/records";
import type { TenantContext } from "./tenant-context";

/** Conversation titles are at most 200 characters (lib/schemas/conversation.ts). */
const TITLE_MAX = 200;
const SUFFIX = " (branch)";

/**
 * "Branch into a new conversation": a conversation of the same organization whose history is
 * `history` (a copy of a path; the messages keep their ids, which are unique per store). One
 * transaction: the conversation, its store and its messages exist together or not at all.
 * Tool-call states and cards stay with the original: the copy holds finished steps only.
 */
export async function createBranchedConversation(
  ctx: Pick<TenantContext, "organizationId" | "userId">,
  sourceTitle: string,
  history: Message[],
): Promise<{ id: string }> {
  const title = `${sourceTitle.slice(0, TITLE_MAX - SUFFIX.length)}${SUFFIX}`;
  const rows = JSON.stringify(storableJson(history.map(messageToJsonRow)));
  return prisma.$transaction(async (tx) => {
    const conversation = await tx.conversation.create({
      data: { organizationId: ctx.organizationId, createdById: ctx.userId, title, stores: { create: { namespace: "" } } },
      select: { id: true, stores: { select: { id: true } } },
    });
    await tx.$queryRaw`
      SELECT "handoff_append_messages"(${conversation.stores[0].id}, ${ctx.organizationId}, ${rows}::json, 0, 0)::text AS "appended"`;
    return { id: conversation.id };
  });
}
