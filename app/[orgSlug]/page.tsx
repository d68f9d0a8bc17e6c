import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ChatHome } from "@/components/chat/chat-home";
import { getOrganization } from "@/lib/db/organizations";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Chat" };

export default async function OrganizationHome({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  const organization = await getOrganization(ctx);
  return <ChatHome orgSlug={ctx.orgSlug} orgName={organization.name} />;
}
