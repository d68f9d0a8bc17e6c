import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Connectors } from "@/components/settings/connectors";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Connectors" };

export default async function ConnectorSettings({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  return (
    <section aria-labelledby="connectors-heading" className="grid gap-3">
      <h2 id="connectors-heading" className="text-lg font-semibold">
        Connectors
      </h2>
      <p className="text-sm text-muted-foreground">
        MCP servers the agent can use. {isAdmin(ctx) ? "Add a server, then enable its tools one by one; " : ""}A tool needs an approval card
        unless its server marks it read-only. Where a connector uses each person&apos;s own token, connect your account here.
      </p>
      <Connectors slug={ctx.orgSlug} admin={isAdmin(ctx)} />
    </section>
  );
}
