"use client";

import { useState } from "react";
import { TextField } from "@/components/auth/text-field";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { apiFetch, errorMessage } from "@/lib/client/api";
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, type RetentionSettings } from "@/lib/schemas/retention";

/** Settings → General: how long conversations are kept (a number of days, or forever). Owners and admins change it. */
export function RetentionForm({ slug, retentionDays, canEdit }: { slug: string; retentionDays: number | null; canEdit: boolean }) {
  const [forever, setForever] = useState(retentionDays === null);
  const [days, setDays] = useState(String(retentionDays ?? 90));
  const [saved, setSaved] = useState(retentionDays);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      const body = { retentionDays: forever ? null : Number(days) };
      const result = await apiFetch<RetentionSettings>(`/api/orgs/${slug}/retention`, { method: "PUT", body });
      setSaved(result.retentionDays);
      toast.success("Retention saved.");
    } catch (e) {
      setError(errorMessage(e, "Could not save the retention. Try again."));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid max-w-md gap-3" aria-labelledby="retention-heading">
      <h3 id="retention-heading" className="text-base font-semibold">
        Conversation retention
      </h3>
      <p className="text-sm text-muted-foreground" data-testid="retention-summary">
        {saved === null
          ? "Conversations are kept until someone deletes them."
          : `Conversations with no activity for ${saved} days are deleted for good, with everything in them.`}
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={forever} disabled={!canEdit} onChange={(e) => setForever(e.target.checked)} />
        Keep conversations forever
      </label>
      {forever ? null : (
        <TextField
          id="retentionDays"
          label="Delete conversations after this many days without activity"
          type="number"
          inputMode="numeric"
          min={RETENTION_DAYS_MIN}
          max={RETENTION_DAYS_MAX}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          disabled={!canEdit}
          error={error}
          required
        />
      )}
      {forever && error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {canEdit ? (
        <Button type="submit" className="justify-self-start" disabled={pending}>
          Save retention
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">Only owners and admins can change how long conversations are kept.</p>
      )}
    </form>
  );
}
