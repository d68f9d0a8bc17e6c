import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { WebhookEndpoints } from "@/components/settings/webhooks";
import { AdminsOnly } from "@/components/shell/admins-only";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Outbound webhooks" };

export default async function WebhookSettings({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  if (!isAdmin(ctx)) {
    return <AdminsOnly to="see and add webhook endpoints" />;
  }
  return (
    <section aria-labelledby="webhooks-heading" className="grid gap-3">
      <h2 id="webhooks-heading" className="text-lg font-semibold">
        Outbound webhooks
      </h2>
      <p className="text-sm text-muted-foreground">
        Handoff POSTs signed events to your endpoints when the agent posts to the inbox, asks for an approval, finishes a run, and more.
        Failed deliveries are retried with backoff for 24 hours; every attempt is logged below each endpoint.
      </p>
      <WebhookEndpoints slug={ctx.orgSlug} />
    </section>
  );
}
