import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuditLog } from "@/components/settings/audit-log";
import { AdminsOnly } from "@/components/shell/admins-only";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditSettings({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  if (!isAdmin(ctx)) {
    return <AdminsOnly to="see the audit log" />;
  }
  return (
    <section aria-labelledby="audit-heading" className="grid gap-3">
      <h2 id="audit-heading" className="text-lg font-semibold">
        Audit log
      </h2>
      <AuditLog slug={ctx.orgSlug} />
    </section>
  );
}
