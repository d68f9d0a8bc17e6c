import { prisma } from "./client";
import type { InboxItem as InboxItemRow } from "./generated/client";
import { organizationOfKey } from "./tenant-keys";

/**
 * The item a capability link names, in the organization its TenantKey names: the link's signature is the
 * only authority (there is no principal to take a tenant from), so the row's own organization becomes the
 * tenant of what follows. Null when the item is gone (its conversation was deleted, softly or for good,
 * which may leave its key dangling) or no organization owns the id.
 */
export async function findInboxItemForLink(publicId: string): Promise<InboxItemRow | null> {
  const organizationId = await organizationOfKey("inbox_item", publicId);
  if (!organizationId) return null;
  return prisma.inboxItem.findFirst({ where: { organizationId, publicId, conversation: { deletedAt: null } } });
}
