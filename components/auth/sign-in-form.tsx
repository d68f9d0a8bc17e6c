"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { EMAIL_MAX, PASSWORD_MAX } from "@/lib/client/limits";
import { TextField } from "./text-field";

export function SignInForm({ callbackUrl, initialError }: { callbackUrl: string; initialError?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | undefined>(initialError);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    const result = await signIn("credentials", { email: form.get("email"), password: form.get("password"), redirect: false });
    if (result?.error) {
      setPending(false);
      setError(
        result.code === "throttled"
          ? "Too many failed attempts. Wait 15 minutes, then try again."
          : "The email or password is not correct. Check them and try again.",
      );
      return;
    }
    router.push(callbackUrl);
    router.refresh();
  }

  return (
    // method="post": submitted before hydration, the password goes in a body, never into the URL.
    <form onSubmit={onSubmit} method="post" className="grid gap-4" noValidate>
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <TextField id="email" label="Email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} autoFocus />
      <TextField id="password" label="Password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX} />
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        Sign in
      </Button>
    </form>
  );
}
