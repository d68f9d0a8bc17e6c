import type { TenantContext } from "@/lib/db/tenant-context";
import { monthStart } from "@/lib/server/billing/usage-month";
import { getTestPrisma } from "@/tests/integration/support/databases";

/** Sets the organization's usage of the current month (the admission tests start from a count). */
export function setUsage(tenant: TenantContext, usage: { messages?: number; tokens?: number }) {
  const month = monthStart(new Date());
  const counts = { messages: usage.messages ?? 0, tokens: BigInt(usage.tokens ?? 0) };
  return getTestPrisma().usageMonth.upsert({
    where: { organizationId_month: { organizationId: tenant.organizationId, month } },
    create: { organizationId: tenant.organizationId, month, ...counts },
    update: counts,
  });
}
