import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AdminsOnly } from "@/components/shell/admins-only";
import { UsageReport } from "@/components/usage/usage-report";
import { USAGE_TOP_ROWS } from "@/lib/db/usage-report";
import { isAdmin } from "@/lib/db/tenant-context";
import { PLAN_KEYS, PLANS } from "@/lib/server/billing/plans";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Usage" };

export default async function UsageSettings({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  if (!isAdmin(ctx)) return <AdminsOnly to="see the organization's usage" />;
  return (
    <section aria-labelledby="usage-heading" className="grid gap-3">
      <h2 id="usage-heading" className="text-lg font-semibold">
        Usage
      </h2>
      <p className="text-sm text-muted-foreground">
        Messages, model tokens and API requests per calendar month (UTC), against the limits of the plan that applies now.
      </p>
      <UsageReport slug={ctx.orgSlug} overagePlans={PLAN_KEYS.filter((key) => PLANS[key].overage)} topRows={USAGE_TOP_ROWS} />
    </section>
  );
}
