import { randomUUID } from "node:crypto";
import type { Message } from "@/lib/agent/messages";
import { prisma } from "./client";
import { writeHistory } from "./store/write-history";
import type { TenantContext } from "./tenant-context";

/** Conversation titles are at most 200 characters (lib/schemas/conversation.ts). */
const TITLE_MAX = 200;
const SUFFIX = " (branch)";

/**
 * "Branch into a new conversation": a conversation of the same organization whose history is
 * `history` (a copy of a path; the messages keep their ids, which are unique per store). One
 * transaction: the conversation, its store and its messages exist together or not at all.
 * Tool-call states and cards stay with the original: the copy holds finished steps only; its files
 * are copied (new rows of the new conversation, the messages' references rewritten).
 */
export async function createBranchedConversation(
  ctx: Pick<TenantContext, "organizationId" | "userId">,
  sourceTitle: string,
  history: Message[],
): Promise<{ id: string }> {
  const title = `${sourceTitle.slice(0, TITLE_MAX - SUFFIX.length)}${SUFFIX}`;
  return prisma.$transaction(async (tx) => {
    const conversation = await tx.conversation.create({
      data: { organizationId: ctx.organizationId, createdById: ctx.userId, title, stores: { create: { namespace: "" } } },
      select: { id: true, stores: { select: { id: true } } },
    });
    // Files belong to their conversation (retention deletes them with it): the copy gets its own rows.
    // A file in a bucket is not copied: both rows name its key, and the sweep keeps an object a row names.
    const copies = new Map<string, string>();
    for (const ref of history.flatMap((message) => message.attachments ?? [])) {
      if (copies.has(ref.id)) continue;
      const id = randomUUID();
      copies.set(ref.id, id);
      await tx.$executeRaw`
        INSERT INTO "Attachment" ("id", "organizationId", "conversationId", "uploadedById", "mediaType", "size", "sha256", "name", "bytes", "storageKey", "createdAt")
        SELECT ${id}, "organizationId", ${conversation.id}, "uploadedById", "mediaType", "size", "sha256", "name", "bytes", "storageKey", "createdAt"
        FROM "Attachment" WHERE "id" = ${ref.id} AND "organizationId" = ${ctx.organizationId}`;
    }
    const copied = history.map((message) =>
      message.attachments ? { ...message, attachments: message.attachments.map((ref) => ({ ...ref, id: copies.get(ref.id)! })) } : message,
    );
    await writeHistory(tx, { storeId: conversation.stores[0].id, organizationId: ctx.organizationId }, copied);
    return { id: conversation.id };
  });
}
