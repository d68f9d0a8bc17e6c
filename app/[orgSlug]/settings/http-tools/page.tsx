import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { HttpTools } from "@/components/settings/http-tools";
import { AdminsOnly } from "@/components/shell/admins-only";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "HTTP tools" };

export default async function HttpToolSettings({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  if (!isAdmin(ctx)) {
    return <AdminsOnly to="define HTTP tools" />;
  }
  return (
    <section aria-labelledby="http-tools-heading" className="grid gap-3">
      <h2 id="http-tools-heading" className="text-lg font-semibold">
        HTTP tools
      </h2>
      <p className="text-sm text-muted-foreground">
        Tools the agent can call on your own systems, defined without code: one HTTP request built from the model&apos;s input. Each call
        needs a person&apos;s approval unless you turn that off, and goes out with its call id as the Idempotency-Key header.
      </p>
      <HttpTools slug={ctx.orgSlug} />
    </section>
  );
}
