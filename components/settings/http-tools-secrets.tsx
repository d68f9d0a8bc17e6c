"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { apiFetch, errorMessage } from "@/lib/client/api";
import type { HttpToolSecretView } from "@/lib/schemas/http-tools";

export const secretsKey = (slug: string) => ["org", slug, "http-tool-secrets"];

/** The secrets HTTP tools reference as {{secret.NAME}}: names only; a value is entered once and never shown again. */
export function HttpToolSecrets({ slug }: { slug: string }) {
  const client = useQueryClient();
  const queryKey = secretsKey(slug);
  const query = useQuery({ queryKey, queryFn: () => apiFetch<{ secrets: HttpToolSecretView[] }>(`/api/orgs/${slug}/http-tool-secrets`) });
  const [name, setName] = useState("");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () =>
      apiFetch(`/api/orgs/${slug}/http-tool-secrets/${encodeURIComponent(name.trim())}`, { method: "PUT", body: { value } }),
    onSuccess: () => {
      toast.success(`Secret ${name.trim()} saved.`);
      setName("");
      setValue("");
      return client.invalidateQueries({ queryKey });
    },
    onError: (caught) => setError(errorMessage(caught, "The secret was not saved. Try again.")),
  });
  const remove = useMutation({
    mutationFn: (secret: string) => apiFetch(`/api/orgs/${slug}/http-tool-secrets/${secret}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey }),
    onError: (caught) => toast.error(errorMessage(caught, "The secret was not deleted. Try again.")),
  });

  return (
    <section aria-labelledby="http-tool-secrets-heading" className="grid gap-3">
      <h3 id="http-tool-secrets-heading" className="font-semibold">
        Secrets
      </h3>
      <p className="text-sm text-muted-foreground">
        Stored encrypted; never sent to the model or shown again. Reference one in a header or the body as {"{{secret.NAME}}"}.
      </p>
      {query.isPending ? (
        <Skeleton className="h-10 w-full" aria-label="Loading secrets" />
      ) : query.isError ? (
        <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : query.data.secrets.length === 0 ? (
        <p className="text-sm text-muted-foreground">No secrets yet.</p>
      ) : (
        <ul className="grid gap-1" aria-label="Secrets">
          {query.data.secrets.map((secret) => (
            <li key={secret.name} className="flex items-center justify-between gap-2 rounded-md border px-3 py-1.5">
              <code className="text-sm">{secret.name}</code>
              <span className="flex items-center gap-2 text-xs text-muted-foreground">
                set {new Date(secret.updated_at).toLocaleString()}
                <Button size="sm" variant="ghost" onClick={() => setDeleting(secret.name)} aria-label={`Delete secret ${secret.name}`}>
                  Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label="Add or replace a secret"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          save.mutate();
        }}
      >
        <FormField label="Secret name" description="Capitals, digits and _, e.g. CRM_TOKEN." className="w-56">
          <Input className="font-mono" value={name} onChange={(event) => setName(event.target.value.toUpperCase())} autoComplete="off" />
        </FormField>
        <FormField label="Value" className="min-w-60 flex-1">
          <Input type="password" value={value} onChange={(event) => setValue(event.target.value)} autoComplete="new-password" />
        </FormField>
        <Button type="submit" disabled={save.isPending || name.trim() === "" || value === ""}>
          {save.isPending ? "Saving…" : "Save secret"}
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <ConfirmDialog
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        request={
          deleting === null
            ? null
            : {
                title: `Delete the secret ${deleting}?`,
                description: "Tools that reference it fail with “the secret is not set” until it is added again.",
                action: "Delete the secret",
                pendingAction: "Deleting…",
                destructive: true,
                onConfirm: (done) => remove.mutate(deleting, { onSettled: done }),
              }
        }
      />
    </section>
  );
}
