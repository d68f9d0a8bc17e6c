import Link from "next/link";
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { AcceptInviteButton } from "@/components/invite/accept-invite-button";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describeInvite } from "@/lib/db/invites";
import { currentUser } from "@/lib/server/auth/session";
import { tokenSchema } from "@/lib/schemas/text";

export const metadata: Metadata = { title: "Join a team" };
export const dynamic = "force-dynamic";

const CLOSED: Record<string, string> = {
  accepted: "This invite has already been used.",
  revoked: "This invite was revoked. Ask an admin for a new one.",
  expired: "This invite has expired. Ask an admin for a new one.",
};

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  // A token that cannot be ours (NUL, other characters) is not looked up: Postgres refuses NUL in text.
  const invite = tokenSchema.safeParse(token).success ? await describeInvite(token) : null;
  const user = await currentUser();
  const here = `/invite/${token}`;
  if (!invite) {
    return (
      <AuthCard
        title="Invite not found"
        description="This link is not valid."
        footer={
          <Link href="/" className="underline">
            Back to Handoff
          </Link>
        }
      >
        <p className="text-sm">Check that you copied the whole link, or ask an admin for a new one.</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={`Join ${invite.organization.name}`}
      description={`You were invited as ${invite.role === "admin" ? "an admin" : `a ${invite.role}`} (${invite.email}).`}
      footer={
        <Link href="/" className="underline">
          What is Handoff?
        </Link>
      }
    >
      {invite.status !== "open" ? (
        <Alert variant="destructive">
          <AlertDescription>{CLOSED[invite.status]}</AlertDescription>
        </Alert>
      ) : !user ? (
        <div className="grid gap-2">
          <Button asChild>
            <Link href={`/sign-up?callbackUrl=${encodeURIComponent(here)}&email=${encodeURIComponent(invite.email)}`}>
              Create an account to join
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={`/sign-in?callbackUrl=${encodeURIComponent(here)}`}>I already have an account</Link>
          </Button>
        </div>
      ) : user.email !== invite.email ? (
        <Alert variant="warning">
          <AlertDescription>
            You are signed in as {user.email}, but this invite is for {invite.email}. Sign out and sign in with that address.
          </AlertDescription>
        </Alert>
      ) : (
        <AcceptInviteButton token={token} organizationName={invite.organization.name} />
      )}
    </AuthCard>
  );
}
