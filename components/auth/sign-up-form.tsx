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

interface SignUpResponse {
  organization: { slug: string };
}

export function SignUpForm({ callbackUrl, defaultEmail }: { callbackUrl?: string; defaultEmail?: string }) {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
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
    setPending(true);
    try {
      const created = await apiFetch<SignUpResponse>("/api/signup", { body: parsed.data });
      const result = await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirect: false });
      if (result?.error) throw new ApiError(0, "signin", "Your account was created, but signing in failed. Sign in with your new password.");
      router.push(callbackUrl ?? `/${created.organization.slug}`);
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
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      {formError ? (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <TextField id="name" label="Your name" autoComplete="name" required maxLength={PERSON_NAME_MAX} error={errors.name} autoFocus />
      <TextField id="email" label="Work email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} defaultValue={defaultEmail} error={errors.email} />
      <TextField id="password" label="Password" type="password" autoComplete="new-password" required maxLength={PASSWORD_MAX} error={errors.password} hint="At least 10 characters." />
      <TextField id="organization" label="Team name (optional)" autoComplete="organization" maxLength={ORGANIZATION_NAME_MAX} error={errors.organization} hint="You can invite your team next." />
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        Create account
      </Button>
    </form>
  );
}
