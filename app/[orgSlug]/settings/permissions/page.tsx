import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PermissionGrants } from "@/components/settings/permission-grants";
import { organizationName } from "@/app/_lib/shell";
import { AdminsOnly } from "@/components/shell/admins-only";
import { isAdmin } from "@/lib/db/tenant-context";
import { currentUser } from "@/lib/server/auth/session";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Permissions" };

export default async function PermissionSettings({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  if (!isAdmin(ctx)) {
    return <AdminsOnly to="see and revoke permission grants" />;
  }
  const user = await currentUser();
  const name = (user && (await organizationName(user, ctx.orgSlug))) ?? ctx.orgSlug;
  return (
    <section aria-labelledby="permissions-heading" className="grid gap-3">
      <h2 id="permissions-heading" className="text-lg font-semibold">
        Permission grants
      </h2>
      <p className="text-sm text-muted-foreground">
        Tools the agent may run without asking. A grant for everyone was given by an owner or admin; a member&rsquo;s grant covers only the
        conversations that member starts. Revoke one and the next call shows its card again.
      </p>
      <PermissionGrants slug={ctx.orgSlug} orgName={name} />
    </section>
  );
}
