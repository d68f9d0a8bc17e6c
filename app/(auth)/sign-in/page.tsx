import Link from "next/link";
import { redirect } from "next/navigation";
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { OAuthButtons } from "@/components/auth/oauth-buttons";
import { SignInForm } from "@/components/auth/sign-in-form";
import { currentUser } from "@/lib/server/auth/session";
import { oauthProviders } from "@/lib/server/auth/auth";
import { safeCallbackUrl } from "@/lib/server/auth/safe-callback";

export const metadata: Metadata = { title: "Sign in" };

const ERRORS: Record<string, string> = {
  OAuthAccountNotLinked: "An account with this email already exists. Sign in with your password first.",
  AccessDenied: "Sign-in was cancelled or denied. Try again.",
  Configuration: "Sign-in is not configured correctly on this server. Contact your administrator.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await currentUser()) redirect(callbackUrl);
  const errorKey = typeof params.error === "string" ? params.error : undefined;
  return (
    <AuthCard
      title="Sign in"
      description="Welcome back. Your agent may be waiting for you."
      footer={
        <>
          New to Handoff?{" "}
          <Link
            className="font-medium text-primary underline-offset-4 hover:underline"
            href={`/sign-up?callbackUrl=${encodeURIComponent(callbackUrl)}`}
          >
            Create an account
          </Link>
        </>
      }
    >
      <OAuthButtons {...oauthProviders()} callbackUrl={callbackUrl} />
      <SignInForm callbackUrl={callbackUrl} initialError={errorKey ? (ERRORS[errorKey] ?? "Sign-in failed. Try again.") : undefined} />
    </AuthCard>
  );
}
