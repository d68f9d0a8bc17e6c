"use client";

import { useRouter } from "next/navigation";
import { TextField } from "@/components/auth/text-field";
import { Button } from "@/components/ui/button";
import { ORGANIZATION_NAME_MAX } from "@/lib/client/limits";
import { useJsonForm } from "./use-json-form";

export function CreateOrganizationForm() {
  const router = useRouter();
  const form = useJsonForm<{ organization: { slug: string } }>("/api/orgs", "POST");
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const created = await form.submit({ name: new FormData(event.currentTarget).get("newOrgName") });
    if (created) {
      router.push(`/${created.organization.slug}`);
      router.refresh();
    }
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <TextField
          id="newOrgName"
          label="New organization"
          placeholder="Acme Support"
          required
          maxLength={ORGANIZATION_NAME_MAX}
          error={form.errors.name ?? form.formError}
        />
      </div>
      <Button type="submit" disabled={form.pending}>
        Create
      </Button>
    </form>
  );
}
