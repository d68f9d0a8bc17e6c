"use client";

import { useState } from "react";
import { CheckIcon, CopyIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/client/api";
import { EMAIL_MAX } from "@/lib/client/limits";
import type { RoleName } from "@/lib/schemas/account";
import { NativeSelect } from "./native-select";
import { RoleOptions } from "./role-options";
import { useOrgMutations } from "./use-org-api";

export function InviteForm({ slug, canInviteOwners }: { slug: string; canInviteOwners: boolean }) {
  const { invite } = useOrgMutations(slug);
  const [link, setLink] = useState<{ email: string; url: string }>();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string>();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setError(undefined);
    try {
      const email = String(form.get("inviteEmail"));
      const result = await invite.mutateAsync({ email, role: String(form.get("inviteRole")) as RoleName });
      setLink({ email: result.invite.email, url: result.link });
      setCopied(false);
      formElement.reset();
    } catch (e) {
      setError(errorMessage(e, "Could not create the invite. Try again."));
    }
  }

  async function copy() {
    if (!link) return;
    await navigator.clipboard?.writeText(link.url).catch(() => undefined);
    setCopied(true);
  }

  return (
    <div className="grid gap-4">
      <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Invite a teammate">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="inviteEmail">Email</Label>
          <Input
            id="inviteEmail"
            name="inviteEmail"
            type="email"
            required
            maxLength={EMAIL_MAX}
            placeholder="teammate@example.com"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "invite-error" : undefined}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="inviteRole">Role</Label>
          <NativeSelect id="inviteRole" name="inviteRole" defaultValue="member">
            <RoleOptions withOwner={canInviteOwners} />
          </NativeSelect>
        </div>
        <Button type="submit" disabled={invite.isPending}>
          Create invite link
        </Button>
      </form>
      {error ? (
        <p id="invite-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {link ? (
        <Alert variant="success" aria-live="polite">
          <AlertTitle>Invite link for {link.email}</AlertTitle>
          <AlertDescription className="grid gap-2">
            <span>Send this link to them; it works once and expires in 7 days. It is shown only now.</span>
            <div className="flex items-center gap-2">
              <Input
                readOnly
                value={link.url}
                aria-label="Invite link"
                data-testid="invite-link"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button type="button" variant="outline" size="icon" onClick={copy} aria-label={copied ? "Copied" : "Copy invite link"}>
                {copied ? <CheckIcon /> : <CopyIcon />}
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
