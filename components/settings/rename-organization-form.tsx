"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { TextField } from "@/components/auth/text-field";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { apiFetch, errorMessage } from "@/lib/client/api";
import { ORGANIZATION_NAME_MAX } from "@/lib/client/limits";

export function RenameOrganizationForm({ slug, name, canEdit }: { slug: string; name: string; canEdit: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      await apiFetch(`/api/orgs/${slug}`, { method: "PATCH", body: { name: new FormData(event.currentTarget).get("orgName") } });
      toast.success("Organization renamed.");
      router.refresh();
    } catch (e) {
      setError(errorMessage(e, "Could not rename. Try again."));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid max-w-md gap-3">
      <TextField
        id="orgName"
        label="Organization name"
        defaultValue={name}
        disabled={!canEdit}
        error={error}
        required
        maxLength={ORGANIZATION_NAME_MAX}
      />
      {canEdit ? (
        <Button type="submit" className="justify-self-start" disabled={pending}>
          Save
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">Only owners and admins can rename the organization.</p>
      )}
    </form>
  );
}
