import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RenameOrganizationForm } from "@/components/settings/rename-organization-form";
import { RetentionForm } from "@/components/settings/retention-form";
import { readRetentionDays } from "@/lib/db/retention-settings";
import { isAdmin } from "@/lib/db/tenant-context";
import { currentUser } from "@/lib/server/auth/session";
import { tenantFor } from "@/lib/server/tenant";
import { organizationName } from "@/app/_lib/shell";

export const metadata: Metadata = { title: "Settings" };

export default async function GeneralSettings({ params }: { params: Promise<{ orgSlug: string }> }) {
  const [ctx, user] = await Promise.all([params.then(({ orgSlug }) => tenantFor(orgSlug)), currentUser()]);
  if (!ctx || !user) notFound();
  // The layout read the user's organizations already (cached per render): the name comes from there.
  const name = (await organizationName(user, ctx.orgSlug)) ?? ctx.orgSlug;
  return (
    <section aria-labelledby="general-heading" className="grid gap-4">
      <h2 id="general-heading" className="text-lg font-semibold">
        General
      </h2>
      <RenameOrganizationForm slug={ctx.orgSlug} name={name} canEdit={isAdmin(ctx)} />
      <p className="text-sm text-muted-foreground">
        Address: <code>/{ctx.orgSlug}</code>
      </p>
      <RetentionForm slug={ctx.orgSlug} retentionDays={await readRetentionDays(ctx)} canEdit={isAdmin(ctx)} />
    </section>
  );
}
