import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AgentSettingsForm } from "@/components/agent-settings/agent-settings-form";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Agent" };

export default async function AgentSettingsPage({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  return <AgentSettingsForm slug={ctx.orgSlug} canEdit={isAdmin(ctx)} />;
}
