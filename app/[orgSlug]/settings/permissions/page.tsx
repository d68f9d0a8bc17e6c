import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PermissionGrants } from "@/components/settings/permission-grants";
import { organizationName } from "@/app/_lib/shell";
import { isAdmin } from "@/lib/db/tenant-context";
import { currentUser } from "@/lib/server/auth/session";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Permissions" };

export default async function PermissionSettings({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  const user = await currentUser();
  const name = (user && (await organizationName(user, ctx.orgSlug))) ?? ctx.orgSlug;
  return (
    <section aria-labelledby="permissions-heading" className="grid gap-3">
      <h2 id="permissions-heading" className="text-lg font-semibold">
        Permissions
      </h2>
      <p className="text-sm text-muted-foreground">
        {isAdmin(ctx)
          ? "Tools the agent may run, or must never run, without asking. Only owners and admins decide for everyone; a member’s grant or denial covers only the conversations that member starts. Revoke one and the next call shows its card again."
          : "Your own standing grants and denials, and your requests to allow a tool for everyone. Revoke one and the next call shows its card again; owners and admins decide for everyone."}
      </p>
      <PermissionGrants slug={ctx.orgSlug} orgName={name} canAdmin={isAdmin(ctx)} />
    </section>
  );
}
