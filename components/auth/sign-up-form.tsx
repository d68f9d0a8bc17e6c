"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, apiFetch, issuesByField } from "@/lib/client/api";
import { EMAIL_MAX, ORGANIZATION_NAME_MAX, PASSWORD_MAX, PERSON_NAME_MAX } from "@/lib/client/limits";
import { signUpSchema } from "@/lib/schemas/account";
import { TextField } from "./text-field";

export function SignUpForm({ callbackUrl, defaultEmail }: { callbackUrl?: string; defaultEmail?: string }) {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const raw = Object.fromEntries(new FormData(event.currentTarget));
    const input = { ...raw, organization: raw.organization ? raw.organization : undefined };
    const parsed = signUpSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }))));
      return;
    }
    setErrors({});
    setFormError(undefined);
    setNotice(undefined);
    setPending(true);
    try {
      // The answer is the same whether the address was new or taken (it must not tell which);
      // only a new account signs in with the password just chosen.
      await apiFetch("/api/signup", { body: parsed.data });
      const result = await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirect: false });
      if (result?.error) {
        setPending(false);
        setNotice(
          `Check your inbox at ${parsed.data.email}. If this address already has an account, we have emailed its owner: sign in instead.`,
        );
        return;
      }
      router.push(callbackUrl ?? "/app");
      router.refresh();
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError) {
        setErrors(issuesByField(error.issues));
        setFormError(error.message);
      } else {
        setFormError("Something went wrong. Try again.");
      }
    }
  }

  return (
    // method="post": submitted before hydration, the password goes in a body, never into the URL.
    <form onSubmit={onSubmit} method="post" className="grid gap-4" noValidate>
      {notice ? (
        <Alert>
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      {formError ? (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <TextField id="name" label="Your name" autoComplete="name" required maxLength={PERSON_NAME_MAX} error={errors.name} autoFocus />
      <TextField
        id="email"
        label="Work email"
        type="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX}
        defaultValue={defaultEmail}
        error={errors.email}
      />
      <TextField
        id="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        error={errors.password}
        hint="At least 10 characters."
      />
      <TextField
        id="organization"
        label="Team name (optional)"
        autoComplete="organization"
        maxLength={ORGANIZATION_NAME_MAX}
        error={errors.organization}
        hint="You can invite your team next."
      />
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        Create account
      </Button>
    </form>
  );
}
