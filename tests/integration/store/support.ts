// Tenants, conversations and stores for the store's integration tests, in this file's database.
import { randomBytes } from "node:crypto";
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
