import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RenameOrganizationForm } from "@/components/settings/rename-organization-form";
import { getOrganization } from "@/lib/db/organizations";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Settings" };

export default async function GeneralSettings({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  const organization = await getOrganization(ctx);
  return (
    <section aria-labelledby="general-heading" className="grid gap-4">
      <h2 id="general-heading" className="text-lg font-semibold">General</h2>
      <RenameOrganizationForm slug={ctx.orgSlug} name={organization.name} canEdit={isAdmin(ctx)} />
      <p className="text-sm text-muted-foreground">Address: <code>/{organization.slug}</code></p>
    </section>
  );
}
