import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { InboxTable } from "@/components/inbox/inbox-table";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Inbox" };

export default async function InboxPage({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 p-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold">Inbox</h1>
        <p className="text-sm text-muted-foreground">
          What the agent asked people and other systems. Answer an item here, or copy its link for someone outside the team; the first
          answer counts, and a waiting agent continues by itself.
        </p>
      </header>
      <InboxTable slug={ctx.orgSlug} canCancel={isAdmin(ctx)} />
    </div>
  );
}
