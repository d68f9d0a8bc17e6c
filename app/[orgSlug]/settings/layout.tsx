import { notFound } from "next/navigation";
import { SettingsNav } from "@/components/settings/settings-nav";
import { PageHeader } from "@/components/shell/page-header";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export default async function SettingsLayout({ children, params }: { children: React.ReactNode; params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  const base = `/${ctx.orgSlug}/settings`;
  const items = [
    { href: base, label: "General" },
    { href: `${base}/members`, label: "Members" },
    { href: `${base}/agent`, label: "Agent" },
    // Members see their own grants and denials there (read-only but for revoking their own).
    { href: `${base}/permissions`, label: "Permissions" },
    // Admins add MCP connectors there; members connect their own accounts.
    { href: `${base}/connectors`, label: "Connectors" },
    // Import for everyone; the organization's export is admins' (the page says so to members).
    { href: `${base}/data`, label: "Data" },
    ...(isAdmin(ctx)
      ? [
          // Owners upgrade and manage payment there; admins see the plan. The page says so when billing is off.
          { href: `${base}/billing`, label: "Billing" },
          { href: `${base}/usage`, label: "Usage" },
          { href: `${base}/api-keys`, label: "API keys" },
          { href: `${base}/webhooks`, label: "Outbound webhooks" },
          { href: `${base}/inbound`, label: "Inbound webhooks" },
          { href: `${base}/http-tools`, label: "HTTP tools" },
          { href: `${base}/feedback`, label: "Feedback" },
          { href: `${base}/audit`, label: "Audit log" },
        ]
      : []),
  ];
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 p-6">
      <PageHeader title="Organization settings" description="Members, invites, roles, the agent and the audit log of this organization." />
      <SettingsNav items={items} />
      {children}
    </div>
  );
}
