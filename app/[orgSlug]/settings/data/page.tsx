import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DataExports } from "@/components/settings/data-exports";
import { DataImport } from "@/components/settings/data-import";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Data" };

/** Settings → Data: every member imports; admins also export the whole organization. */
export default async function DataSettings({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  return (
    <section aria-labelledby="data-heading" className="grid gap-6">
      <h2 id="data-heading" className="text-lg font-semibold">
        Data
      </h2>
      <DataImport slug={ctx.orgSlug} />
      {isAdmin(ctx) ? (
        <DataExports slug={ctx.orgSlug} />
      ) : (
        <p className="text-sm text-muted-foreground">Owners and admins can export the whole organization here.</p>
      )}
    </section>
  );
}
