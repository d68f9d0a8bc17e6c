"use client";

import { useRouter } from "next/navigation";
import { TextField } from "@/components/auth/text-field";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { PERSON_NAME_MAX } from "@/lib/client/limits";
import { useJsonForm } from "./use-json-form";

export function ProfileForm({ name }: { name: string }) {
  const router = useRouter();
  const form = useJsonForm("/api/account", "PATCH");
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await form.submit({ name: new FormData(event.currentTarget).get("profileName") })) {
      toast.success("Profile saved.");
      router.refresh();
    }
  }
  return (
    <form onSubmit={onSubmit} className="grid max-w-md gap-3">
      <TextField
        id="profileName"
        label="Name"
        defaultValue={name}
        required
        maxLength={PERSON_NAME_MAX}
        error={form.errors.name ?? form.formError}
      />
      <Button type="submit" className="justify-self-start" disabled={form.pending}>
        Save
      </Button>
    </form>
  );
}
