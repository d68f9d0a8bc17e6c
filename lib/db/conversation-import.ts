import { randomUUID } from "node:crypto";
import { prisma } from "./client";
import { writeHistory } from "./store/write-history";
import type { TenantContext } from "./tenant-context";

export interface ImportedConversationInput {
  title: string;
  createdAt: Date | null;
  messages: { sender: "user" | "agent"; text: string; createdAt: Date | null }[];
}

/**
 * An imported conversation: a new conversation of the tenant created by the importer, with its
 * agent's store and its messages as plain text, in one transaction (all of it or none). Its
 * messages keep the source's times; the conversation itself is active from the import.
 */
export async function createImportedConversation(
  ctx: Pick<TenantContext, "organizationId" | "userId">,
  input: ImportedConversationInput,
  now = new Date(),
): Promise<{ id: string; title: string; messages: number }> {
  const times = input.messages.map((message) => message.createdAt).filter((at): at is Date => at !== null);
  const createdAt = input.createdAt ?? times[0] ?? now;
  // Active now: retention counts from the import, not from the source's last message (a year-old
  // history would otherwise be due for the next purge). The messages keep their own times.
  const lastActivityAt = now;
  return prisma.$transaction(async (tx) => {
    const conversation = await tx.conversation.create({
      data: {
        organizationId: ctx.organizationId,
        createdById: ctx.userId,
        title: input.title,
        createdAt,
        lastActivityAt,
        stores: { create: { namespace: "" } },
      },
      select: { id: true, title: true, stores: { select: { id: true } } },
    });
    await writeHistory(
      tx,
      { storeId: conversation.stores[0].id, organizationId: ctx.organizationId },
      input.messages.map((message) => ({
        id: randomUUID(),
        sender: message.sender,
        text: message.text,
        ...(message.createdAt && { created_at: message.createdAt.toISOString() }),
      })),
    );
    return { id: conversation.id, title: conversation.title, messages: input.messages.length };
  });
}
