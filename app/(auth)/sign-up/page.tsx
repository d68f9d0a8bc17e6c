import Link from "next/link";
import { redirect } from "next/navigation";
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { OAuthButtons } from "@/components/auth/oauth-buttons";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { currentUser } from "@/lib/server/auth/session";
import { oauthProviders } from "@/lib/server/auth/auth";
import { safeCallbackUrl } from "@/lib/server/auth/safe-callback";

export const metadata: Metadata = { title: "Create your account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const hasCallback = typeof params.callbackUrl === "string";
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await currentUser()) redirect(callbackUrl);
  const email = typeof params.email === "string" ? params.email : undefined;
  return (
    <AuthCard
      title="Create your account"
      description="Your team's agent, with people in the loop. Free to start, no card needed."
      footer={
        <>
          Already have an account?{" "}
          <Link
            className="font-medium text-primary underline-offset-4 hover:underline"
            href={`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`}
          >
            Sign in
          </Link>
        </>
      }
    >
      <OAuthButtons {...oauthProviders()} callbackUrl={callbackUrl} />
      <SignUpForm callbackUrl={hasCallback ? callbackUrl : undefined} defaultEmail={email} />
    </AuthCard>
  );
}
