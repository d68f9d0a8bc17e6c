import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { InviteForm } from "@/components/settings/invite-form";
import { MembersTable } from "@/components/settings/members-table";
import { OpenInvites } from "@/components/settings/open-invites";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Members" };

export default async function MembersSettings({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  return (
    <div className="grid gap-8">
      {isAdmin(ctx) ? (
        <section aria-labelledby="invite-heading" className="grid gap-3">
          <h2 id="invite-heading" className="text-lg font-semibold">
            Invite a teammate
          </h2>
          <InviteForm slug={ctx.orgSlug} canInviteOwners={ctx.role === "owner"} />
        </section>
      ) : null}
      <section aria-labelledby="members-heading" className="grid gap-3">
        <h2 id="members-heading" className="text-lg font-semibold">
          Members
        </h2>
        <MembersTable slug={ctx.orgSlug} />
      </section>
      {isAdmin(ctx) ? (
        <section aria-labelledby="invites-heading" className="grid gap-3">
          <h2 id="invites-heading" className="text-lg font-semibold">
            Open invites
          </h2>
          <OpenInvites slug={ctx.orgSlug} />
        </section>
      ) : null}
    </div>
  );
}
