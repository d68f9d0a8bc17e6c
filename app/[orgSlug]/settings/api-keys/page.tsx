import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApiKeys } from "@/components/settings/api-keys";
import { AdminsOnly } from "@/components/shell/admins-only";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeySettings({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  if (!isAdmin(ctx)) {
    return <AdminsOnly to="see and create API keys" />;
  }
  return (
    <section aria-labelledby="api-keys-heading" className="grid gap-3">
      <h2 id="api-keys-heading" className="text-lg font-semibold">
        API keys
      </h2>
      <p className="text-sm text-muted-foreground">
        Keys let other systems use the public API (<code>/api/v1</code>) with <code>Authorization: Bearer hk_…</code>. A key can do only
        what its scopes allow. It is shown once, when you create it; we store only its hash.
      </p>
      <ApiKeys slug={ctx.orgSlug} />
    </section>
  );
}
