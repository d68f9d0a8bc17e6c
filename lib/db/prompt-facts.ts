import { prisma } from "./client";
import type { TenantContext } from "./tenant-context";

/** What the agent's system prompt says about who it works for and with (lib/agent/prompt-contributors.ts). */
export interface PromptFacts {
  organizationName: string | null;
  /** The run's starter, while they are still a member (name and role); null otherwise. */
  person: { name: string; role: string } | null;
}

/** The organization's name and, for a run a person started, their name and role there: one statement. */
export async function readPromptFacts(tenant: Pick<TenantContext, "organizationId">, userId: string | undefined): Promise<PromptFacts> {
  // No starter (an inbox continuation): the membership join matches nothing.
  const rows = await prisma.$queryRaw<Array<{ organizationName: string; personName: string | null; personRole: string | null }>>`
    SELECT o."name" AS "organizationName", u."name" AS "personName", m."role"::text AS "personRole"
    FROM "Organization" o
    LEFT JOIN "Membership" m ON m."organizationId" = o."id" AND m."userId" = ${userId ?? null}
    LEFT JOIN "User" u ON u."id" = m."userId"
    WHERE o."id" = ${tenant.organizationId}`;
  const row = rows[0];
  return {
    organizationName: row?.organizationName ?? null,
    person: row?.personName != null && row.personRole !== null ? { name: row.personName, role: row.personRole } : null,
  };
}
