import { notFound, redirect } from "next/navigation";
import { MessageSquareIcon, SettingsIcon } from "lucide-react";
import { ConversationSidebar } from "@/components/chat/conversation-sidebar";
import { AppShell } from "@/components/shell/app-shell";
import { currentUser } from "@/lib/server/auth/session";
import { signOutAction } from "@/lib/server/auth/sign-out-action";
import { shellData } from "@/lib/server/shell-data";
import { tenantFor } from "@/lib/server/tenant";

export const dynamic = "force-dynamic";

export default async function OrganizationLayout({ children, params }: { children: React.ReactNode; params: Promise<{ orgSlug: string }> }) {
  const { orgSlug } = await params;
  const user = await currentUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/${orgSlug}`)}`);
  const ctx = await tenantFor(orgSlug);
  // Not a member and no such organization look the same from outside.
  if (!ctx) notFound();
  const shell = await shellData(user);
  return (
    <AppShell
      {...shell}
      currentOrgSlug={ctx.orgSlug}
      nav={[
        { href: `/${ctx.orgSlug}`, label: "Chat", icon: <MessageSquareIcon /> },
        { href: `/${ctx.orgSlug}/settings`, label: "Settings", icon: <SettingsIcon /> },
      ]}
      signOutAction={signOutAction}
      sidebarContent={<ConversationSidebar orgSlug={ctx.orgSlug} />}
    >
      {children}
    </AppShell>
  );
}
