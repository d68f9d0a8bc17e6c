import Link from "next/link";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getOrganization } from "@/lib/db/organizations";
import { isAdmin } from "@/lib/db/tenant-context";
import { tenantFor } from "@/lib/server/tenant";

export const metadata: Metadata = { title: "Home" };

export default async function OrganizationHome({ params }: { params: Promise<{ orgSlug: string }> }) {
  const ctx = await tenantFor((await params).orgSlug);
  if (!ctx) notFound();
  const organization = await getOrganization(ctx);
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 p-6">
      <PageHeader title={organization.name} description="Your team's agent works here: it chats, asks for approval inline, and waits for people and systems." />
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Bring your team</CardTitle>
            <CardDescription>Invite teammates so they can answer the agent&apos;s approvals and questions.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant={isAdmin(ctx) ? "default" : "outline"}>
              <Link href={`/${ctx.orgSlug}/settings/members`}>{isAdmin(ctx) ? "Invite teammates" : "See members"}</Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Your role: {ctx.role}</CardTitle>
            <CardDescription>Owners and admins manage members, invites and the audit log; members chat with the agent.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <Link href={`/${ctx.orgSlug}/settings`}>Organization settings</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
