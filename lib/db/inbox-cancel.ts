import type { InboxResolver } from "@/lib/agent/store-adapter";
import { recordAudit } from "./audit";
import { prisma } from "./client";
import type { InboxItem as InboxItemRow } from "./generated/client";
import type { TenantContext } from "./tenant-context";

export type InboxCancelOutcome =
  { kind: "cancelled"; row: InboxItemRow } | { kind: "not_pending"; row: InboxItemRow } | { kind: "not_found" };

/**
 * Cancels the organization's pending item `publicId`: one conditional UPDATE (`status = 'pending'`), so
 * a cancel racing an answer either wins or finds the item settled; the cancelling member is stamped as
 * its resolver (the agent reads "cancelled by ..."), and the audit entry is written in the same transaction.
 */
export async function cancelInboxItem(
  ctx: Pick<TenantContext, "organizationId" | "userId">,
  publicId: string,
  resolver: InboxResolver,
  reason: string | null,
  ip: string | null,
  now = new Date(),
): Promise<InboxCancelOutcome> {
  return prisma.$transaction(async (tx) => {
    const [cancelled] = await tx.$queryRaw<InboxItemRow[]>`
      UPDATE "InboxItem" SET "status" = 'cancelled', "resolvedAt" = ${now},
        "resolvedByKind" = ${resolver.kind}, "resolvedById" = ${resolver.id}, "resolvedByName" = ${resolver.name}
      WHERE "publicId" = ${publicId} AND "organizationId" = ${ctx.organizationId} AND "status" = 'pending'
      RETURNING *`;
    if (!cancelled) {
      const row = await tx.inboxItem.findFirst({ where: { publicId, organizationId: ctx.organizationId } });
      return row ? { kind: "not_pending" as const, row } : { kind: "not_found" as const };
    }
    await recordAudit(
      {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        action: "inbox.item.cancelled",
        target: cancelled.tag,
        metadata: { itemId: cancelled.publicId, conversationId: cancelled.conversationId, reason },
        ip,
      },
      tx,
    );
    return { kind: "cancelled" as const, row: cancelled };
  });
}
