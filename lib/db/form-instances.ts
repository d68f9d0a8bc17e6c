import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";

/** A conversation's form instances, every status, oldest first: which exist and which form each runs on (the snapshot's views). */
export async function listConversationFormInstances(
  tenant: Pick<TenantContext, "organizationId">,
  conversationId: string,
): Promise<{ id: string; formKey: string }[]> {
  return prisma.formInstance.findMany({
    where: { organizationId: tenant.organizationId, conversationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, formKey: true },
  });
}

/** One instance of the conversation and the form it runs on (the person-edit route); null when the conversation has none such. */
export async function findConversationFormInstance(
  tenant: Pick<TenantContext, "organizationId">,
  conversationId: string,
  instanceId: string,
): Promise<{ id: string; formKey: string } | null> {
  return prisma.formInstance.findFirst({
    where: { id: instanceId, organizationId: tenant.organizationId, conversationId },
    select: { id: true, formKey: true },
  });
}
