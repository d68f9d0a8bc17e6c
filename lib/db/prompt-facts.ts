import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";

/** What the agent's system prompt says about who it works for and with (lib/agent/prompt-contributors.ts). */
export interface PromptFacts {
  organizationName: string | null;
  /** The run's starter, while they are still a member (name and role); null otherwise. */
  person: { name: string; role: string } | null;
}

/** The organization's name and, for a run a person started, their name and role there: one read. */
export async function readPromptFacts(tenant: Pick<TenantContext, "organizationId">, userId: string | undefined): Promise<PromptFacts> {
  const organization = await prisma.organization.findUnique({
    where: { id: tenant.organizationId },
    select: {
      name: true,
      // No starter (an inbox continuation): take none.
      memberships: { where: { userId }, select: { role: true, user: { select: { name: true } } }, take: userId ? 1 : 0 },
    },
  });
  const membership = organization?.memberships[0];
  return {
    organizationName: organization?.name ?? null,
    person: membership ? { name: membership.user.name, role: membership.role } : null,
  };
}
