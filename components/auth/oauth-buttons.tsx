"use client";

import { signIn } from "next-auth/react";
import { Button } from "@/components/ui/button";

export function OAuthButtons({ github, google, callbackUrl }: { github: boolean; google: boolean; callbackUrl: string }) {
  if (!github && !google) return null;
  return (
    <div className="grid gap-2">
      {github ? (
        <Button type="button" variant="outline" onClick={() => signIn("github", { redirectTo: callbackUrl })}>
          Continue with GitHub
        </Button>
      ) : null}
      {google ? (
        <Button type="button" variant="outline" onClick={() => signIn("google", { redirectTo: callbackUrl })}>
          Continue with Google
        </Button>
      ) : null}
      <div className="relative py-2 text-center text-xs uppercase text-muted-foreground">
        <span className="bg-card px-2">or with email</span>
      </div>
    </div>
  );
}
