import { notFound, redirect } from "next/navigation";
import { ClipboardListIcon, InboxIcon, MessageSquareIcon, SettingsIcon } from "lucide-react";
import { ConversationSidebar } from "@/components/chat/conversation-sidebar";
import { AppShell } from "@/components/shell/app-shell";
import { currentUser } from "@/lib/server/auth/session";
import { signOutAction } from "@/lib/server/auth/sign-out-action";
import { tenantFor } from "@/lib/server/tenant";
import { isAdmin } from "@/lib/db/tenant-context";
import { shellFor } from "@/app/_lib/shell";
import { PastDueBanner } from "@/components/billing/past-due-banner";
import { pastDueNotice } from "@/lib/server/billing/past-due";

export const dynamic = "force-dynamic";

export default async function OrganizationLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ orgSlug: string }>;
}) {
  const { orgSlug } = await params;
  const user = await currentUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/${orgSlug}`)}`);
  // Independent reads, side by side; the page takes the organization's name from the shell's.
  const [ctx, shell] = await Promise.all([tenantFor(orgSlug), shellFor(user)]);
  // Not a member and no such organization look the same from outside.
  if (!ctx) notFound();
  const pastDue = await pastDueNotice(ctx);
  return (
    <AppShell
      {...shell}
      currentOrgSlug={ctx.orgSlug}
      nav={[
        { href: `/${ctx.orgSlug}`, label: "Chat", icon: <MessageSquareIcon /> },
        { href: `/${ctx.orgSlug}/inbox`, label: "Inbox", icon: <InboxIcon /> },
        // Forms are built by owners and admins only; members fill them in the chat.
        ...(isAdmin(ctx) ? [{ href: `/${ctx.orgSlug}/forms`, label: "Forms", icon: <ClipboardListIcon /> }] : []),
        { href: `/${ctx.orgSlug}/settings`, label: "Settings", icon: <SettingsIcon /> },
      ]}
      signOutAction={signOutAction}
      sidebarContent={<ConversationSidebar orgSlug={ctx.orgSlug} />}
    >
      {/* Owners see a failed payment on every page (billing on only; one read). */}
      {pastDue && <PastDueBanner slug={ctx.orgSlug} {...pastDue} />}
      {children}
    </AppShell>
  );
}
