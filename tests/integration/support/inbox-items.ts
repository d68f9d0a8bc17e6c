import { randomUUID } from "node:crypto";
import type { InboxItem } from "@/lib/agent";
import { createInboundEndpoint, type NewInboundEndpoint } from "@/lib/db/inbound-endpoints";
import type { TenantContext } from "@/lib/db/tenant-context";
import { issueInboundCredential } from "@/lib/server/webhooks/inbound/endpoint-view";
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

const FINANCE_RULE = {
  name: "Finance system",
  tags: ["finance"],
  authKind: "hub_signature",
  correlationPath: "data.order_id",
  responsePath: "data",
  earlyWindowMinutes: 60,
} satisfies NewInboundEndpoint;

type AuthKind = Parameters<typeof issueInboundCredential>[0];

/** An inbound endpoint for the "finance" items above (GitHub-style signature unless `overrides` say), and its secret. */
export async function financeEndpoint(tenant: TenantContext, overrides: Partial<NewInboundEndpoint> = {}) {
  const credential = issueInboundCredential((overrides.authKind ?? FINANCE_RULE.authKind) as AuthKind, tenant.organizationId);
  const row = await createInboundEndpoint(tenant, { ...FINANCE_RULE, ...overrides }, credential.store);
  return { row, secret: credential.secret };
}
