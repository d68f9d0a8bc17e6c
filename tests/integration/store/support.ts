// Tenants, conversations and stores for the store's integration tests, in this file's database.
import { randomBytes } from "node:crypto";
import type { SlotRecord } from "@/lib/agent";
import { createConversation } from "@/lib/db/conversations";
import { PostgresStore } from "@/lib/db/postgres-store";
import type { PrismaClient } from "@/lib/db/client";
import type { TenantContext } from "@/lib/db/tenant-context";
import { getTestPrisma } from "@/tests/integration/support/databases";

/** A new organization with an owner, as the context a request of that owner would carry. */
export async function createTenant(label = "team"): Promise<TenantContext> {
  const suffix = randomBytes(4).toString("hex");
  const prisma = getTestPrisma();
  const user = await prisma.user.create({ data: { email: `${label}-${suffix}@example.test`, name: `${label} owner` } });
  const organization = await prisma.organization.create({
    data: { slug: `${label}-${suffix}`, name: label, memberships: { create: { userId: user.id, role: "owner" } } },
  });
  return { userId: user.id, organizationId: organization.id, orgSlug: organization.slug, role: "owner" };
}

/** The main store of a new conversation of `tenant`. */
export async function openNewConversationStore(tenant: TenantContext, db: PrismaClient = getTestPrisma()) {
  const conversation = await createConversation(tenant);
  const store = await PostgresStore.open(db, { organizationId: tenant.organizationId, conversationId: conversation.id });
  return { conversation, store };
}

/** A pending `ask_preference` card of `runId` (the wait the durable-wait tests park a run on). */
export function pendingSlot(id: string, runId: string, callId = `call-${runId}`): SlotRecord {
  return {
    id,
    run_id: runId,
    call_id: callId,
    index: 1,
    kind: "wait",
    tool_name: "ask_preference",
    renderer: "ask_preference",
    props: {},
    display_strategy: "stay",
    status: "pending",
    created_at: new Date().toISOString(),
    expires_at: null,
    settled_at: null,
  };
}
