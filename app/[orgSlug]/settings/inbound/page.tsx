import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { InboundEndpoints } from "@/components/settings/inbound-endpoints";
import { AdminsOnly } from "@/components/shell/admins-only";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Inbound webhooks" };

export default async function InboundSettings({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  if (!isAdmin(ctx)) {
    return <AdminsOnly to="see and create inbound webhooks" />;
  }
  return (
    <section aria-labelledby="inbound-heading" className="grid gap-3">
      <h2 id="inbound-heading" className="text-lg font-semibold">
        Inbound webhooks
      </h2>
      <p className="text-sm text-muted-foreground">
        Other systems POST events to an endpoint&apos;s URL to answer the agent&apos;s inbox items: an event whose correlation key matches a
        pending item with one of the endpoint&apos;s tags resolves it. An event that arrives before its item is kept for the endpoint&apos;s
        window. Every event is logged, refused ones too.
      </p>
      <InboundEndpoints slug={ctx.orgSlug} />
    </section>
  );
}
