import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";

type Tenant = Pick<TenantContext, "organizationId">;

/** The model chosen for the conversation (null: the agent's); undefined when it is not in this tenant. */
export async function readConversationModel(ctx: Tenant, conversationId: string): Promise<string | null | undefined> {
  const row = await prisma.conversation.findFirst({
    where: { id: conversationId, organizationId: ctx.organizationId },
    select: { modelName: true },
  });
  return row ? row.modelName : undefined;
}

/** Stores the choice (the caller checked it against the allowed models); false when the conversation is not in this tenant. */
export async function writeConversationModel(ctx: Tenant, conversationId: string, modelName: string | null): Promise<boolean> {
  const { count } = await prisma.conversation.updateMany({
    where: { id: conversationId, organizationId: ctx.organizationId },
    data: { modelName },
  });
  return count === 1;
}
