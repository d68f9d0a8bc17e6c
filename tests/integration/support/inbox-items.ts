import { randomUUID } from "node:crypto";
import type { InboxItem } from "@/lib/agent";
import type { TenantContext } from "@/lib/db/tenant-context";
import { openNewConversationStore } from "@/tests/integration/store/support";

/** Posts a pending "finance" item keyed ORD-42 into a new conversation of `tenant`, as the agent's tool would. */
export async function postInboxItem(tenant: TenantContext, fields: Partial<InboxItem> = {}) {
  const { store } = await openNewConversationStore(tenant);
  const id = `toolu_${randomUUID()}`;
  await store.addInboxItem({
    id,
    tag: "finance",
    request: "Approve the Q3 budget",
    response: null,
    status: "pending",
    blocking: false,
    created_at: new Date().toISOString(),
    resolved_at: null,
    correlation_key: "ORD-42",
    ...fields,
  });
  const stored = (await store.getInboxItems()).find((item) => item.id === id)!;
  return { store, stored, publicId: stored.public_id! };
}
