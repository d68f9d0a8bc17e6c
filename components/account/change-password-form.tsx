"use client";

import { TextField } from "@/components/auth/text-field";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { PASSWORD_MAX } from "@/lib/client/limits";
import { useJsonForm } from "./use-json-form";

export function ChangePasswordForm() {
  const form = useJsonForm("/api/account/password", "POST");
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const data = new FormData(element);
    if (await form.submit({ currentPassword: data.get("currentPassword"), newPassword: data.get("newPassword") })) {
      toast.success("Password changed.");
      element.reset();
    }
  }
  return (
    <form onSubmit={onSubmit} className="grid max-w-md gap-3">
      <TextField
        id="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX}
        error={form.errors.currentPassword}
      />
      <TextField
        id="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        error={form.errors.newPassword ?? form.formError}
      />
      <Button type="submit" className="justify-self-start" disabled={form.pending}>
        Change password
      </Button>
    </form>
  );
}
