"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/client/api";
import { SecretOnceDialog } from "./secret-once-dialog";
import { API_KEY_SCOPE_DESCRIPTIONS, API_KEY_SCOPES, type ApiKeyScope, type CreatedApiKey } from "@/lib/schemas/api-keys";

/** The creation form: name, scopes as checkboxes, optional expiry date. */
export function CreateApiKeyForm({
  onCreate,
  pending,
}: {
  onCreate: (input: { name: string; scopes: ApiKeyScope[]; expiresAt: string | null }) => Promise<CreatedApiKey>;
  pending: boolean;
}) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["inbox:read"]);
  const [expires, setExpires] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const today = new Date().toISOString().slice(0, 10);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    if (scopes.length === 0) return setError("Choose at least one scope.");
    try {
      // The end of the chosen day, in the person's own time zone.
      const expiresAt = expires ? new Date(`${expires}T23:59:59`).toISOString() : null;
      setCreated(await onCreate({ name: name.trim(), scopes, expiresAt }));
      setName("");
      setExpires("");
    } catch (caught) {
      setError(errorMessage(caught, "The key was not created. Try again."));
    }
  }

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) => (on ? [...new Set([...current, scope])] : current.filter((s) => s !== scope)));

  return (
    <>
      <form onSubmit={(event) => void submit(event)} className="grid gap-4 rounded-lg border p-4" aria-labelledby="create-key-heading">
        <h3 id="create-key-heading" className="font-medium">
          Create a key
        </h3>
        <FormField label="Name" required description="What uses it, e.g. “Billing webhook worker”.">
          <Input name="name" value={name} onChange={(event) => setName(event.target.value)} maxLength={100} autoComplete="off" />
        </FormField>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Scopes</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4"
                checked={scopes.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
              />
              <span>
                <code className="text-xs">{scope}</code> <span className="text-muted-foreground">{API_KEY_SCOPE_DESCRIPTIONS[scope]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FormField label="Expires on" description="Optional. Leave empty for a key that does not expire.">
          <Input name="expires" type="date" min={today} value={expires} onChange={(event) => setExpires(event.target.value)} />
        </FormField>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" disabled={pending || name.trim() === ""}>
            {pending ? "Creating…" : "Create key"}
          </Button>
        </div>
      </form>
      <ShowKeyOnce created={created} onClose={() => setCreated(null)} />
    </>
  );
}

/** The new key, this once, with Copy. */
function ShowKeyOnce({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const shown = created && {
    title: `Your new key “${created.key.name}”`,
    description: "Copy it now and keep it somewhere safe: you will not see it again.",
    fields: [{ label: "API key", value: created.secret }],
    copy: { label: "Copy", value: created.secret, what: "Key" },
  };
  return <SecretOnceDialog shown={shown} onClose={onClose} />;
}
