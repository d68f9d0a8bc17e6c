import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";

/** A conversation's form instances, every status, oldest first: which exist and which form each runs on (the snapshot's views, the person-edit route). */
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
