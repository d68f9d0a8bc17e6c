import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ChatHome } from "@/components/chat/chat-home";
import { currentUser } from "@/lib/server/auth/session";
import { tenantFor } from "@/lib/server/tenant";
import { organizationName } from "@/app/_lib/shell";

export const metadata: Metadata = { title: "Chat" };

export default async function OrganizationHome({ params }: { params: Promise<{ orgSlug: string }> }) {
  const [ctx, user] = await Promise.all([params.then(({ orgSlug }) => tenantFor(orgSlug)), currentUser()]);
  if (!ctx || !user) notFound();
  // The layout read the user's organizations already (cached per render): the name comes from there.
  const orgName = (await organizationName(user, ctx.orgSlug)) ?? ctx.orgSlug;
  return <ChatHome orgSlug={ctx.orgSlug} orgName={orgName} />;
}
