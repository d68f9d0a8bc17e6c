import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";

export interface ConversationActivity {
  /** A run is running or suspended. */
  busy: boolean;
  pendingSlots: number;
}

/** For a page of the conversation list: which conversations are busy and how many cards wait in each. */
export async function readConversationActivity(
  tenant: Pick<TenantContext, "organizationId">,
  conversationIds: string[],
): Promise<Map<string, ConversationActivity>> {
  const activity = new Map(conversationIds.map((id) => [id, { busy: false, pendingSlots: 0 }]));
  if (conversationIds.length === 0) return activity;
  const [runs, slots] = await Promise.all([
    prisma.run.findMany({
      where: {
        organizationId: tenant.organizationId,
        status: { in: ["running", "suspended"] },
        store: { namespace: "", conversationId: { in: conversationIds } },
      },
      select: { store: { select: { conversationId: true } } },
    }),
    prisma.slot.groupBy({
      by: ["conversationId"],
      where: { organizationId: tenant.organizationId, status: "pending", conversationId: { in: conversationIds } },
      _count: { _all: true },
    }),
  ]);
  for (const run of runs) activity.get(run.store.conversationId)!.busy = true;
  for (const group of slots) activity.get(group.conversationId)!.pendingSlots = group._count._all;
  return activity;
}
