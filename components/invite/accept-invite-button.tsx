"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiFetch, errorMessage } from "@/lib/client/api";

export function AcceptInviteButton({ token, organizationName }: { token: string; organizationName: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  async function accept() {
    setPending(true);
    setError(undefined);
    try {
      const result = await apiFetch<{ organization: { slug: string } }>("/api/invites/accept", { body: { token } });
      router.push(`/${result.organization.slug}`);
      router.refresh();
    } catch (e) {
      setPending(false);
      setError(errorMessage(e, "Could not accept the invite. Try again."));
    }
  }
  return (
    <div className="grid gap-3">
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <Button onClick={accept} disabled={pending}>
        Join {organizationName}
      </Button>
    </div>
  );
}
