import { prisma } from "./client";
import type { InboxItem as InboxItemRow } from "./generated/client";

/**
 * The item a capability link names, whichever organization holds it: the link's signature is the only
 * authority (there is no principal to take a tenant from), so the row's own organization becomes the
 * tenant of what follows. Null when the item is gone (its conversation was deleted, softly or for good).
 */
export function findInboxItemForLink(publicId: string): Promise<InboxItemRow | null> {
  return prisma.inboxItem.findFirst({ where: { publicId, conversation: { deletedAt: null } } });
}
