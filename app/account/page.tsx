import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { CreateOrganizationForm } from "@/components/account/create-organization-form";
import { ProfileForm } from "@/components/account/profile-form";
import { SignOutEverywhereButton } from "@/components/account/sign-out-everywhere-button";
import { PageHeader } from "@/components/shell/page-header";
import { roleLabel } from "@/components/shell/role-label";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { currentUser } from "@/lib/server/auth/session";
import { shellFor } from "@/app/_lib/shell";
import Link from "next/link";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in?callbackUrl=/account");
  // The layout's read (cached per render), not a second one.
  const { organizations } = await shellFor(user);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 p-6">
      <PageHeader title="Account settings" description={`Signed in as ${user.email}`} />
      <Card>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
        </CardHeader>
        <CardContent>
          <ProfileForm name={user.name} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>At least 10 characters.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Sessions</CardTitle>
          <CardDescription>
            Signed in on a device you no longer have? End every session, this one included. Changing your password ends every other session
            too.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SignOutEverywhereButton />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Organizations</CardTitle>
          <CardDescription>Switch between your teams, or start a new one. To leave a team, open its members page.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {organizations.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              You are not in any organization yet. Create one below, or ask a teammate for an invite link.
            </p>
          ) : (
            <ul className="grid gap-2">
              {organizations.map((o) => (
                <li key={o.slug} className="flex items-center justify-between rounded-md border px-3 py-2">
                  <Link href={`/${o.slug}`} className="font-medium hover:underline">
                    {o.name}
                  </Link>
                  <span className="text-sm text-muted-foreground">{roleLabel[o.role]}</span>
                </li>
              ))}
            </ul>
          )}
          <CreateOrganizationForm />
        </CardContent>
      </Card>
    </div>
  );
}
