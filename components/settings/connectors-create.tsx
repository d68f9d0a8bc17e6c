"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/client/api";
import { AUTH_MODE_LABELS, CONNECTOR_AUTH_MODES, type CreateConnectorInput } from "@/lib/schemas/connectors";
import { NativeSelect } from "./native-select";

type AuthMode = (typeof CONNECTOR_AUTH_MODES)[number];

/** "Add connector": name, title, URL, how people authenticate and the shared token, in a dialog. */
export function CreateConnector({ onCreate }: { onCreate: (input: CreateConnectorInput) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [title, setTitle] = useState("");
  const [url, setUrl] = useState("");
  const [authMode, setAuthMode] = useState<AuthMode>("none");
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      await onCreate({
        name: name.trim(),
        title: title.trim(),
        url: url.trim(),
        auth_mode: authMode,
        ...(authMode === "shared" && { shared_token: token }),
      });
      setOpen(false);
      setName("");
      setTitle("");
      setUrl("");
      setToken("");
      setAuthMode("none");
    } catch (caught) {
      setError(errorMessage(caught, "The connector was not added. Try again."));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" className="w-fit">
          Add connector
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Add an MCP connector</DialogTitle>
            <DialogDescription>
              Handoff connects to the server over Streamable HTTP and lists its tools; you then enable them one by one.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Name" required description="Lowercase letters, digits and underscores; the agent's tools are named name__tool.">
            <Input name="name" value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" placeholder="acme_crm" />
          </FormField>
          <FormField label="Title" required description="What people read, e.g. Acme CRM.">
            <Input name="title" value={title} onChange={(event) => setTitle(event.target.value)} maxLength={80} />
          </FormField>
          <FormField label="Server URL" required description="The MCP server's Streamable HTTP endpoint.">
            <Input
              name="url"
              type="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              autoComplete="off"
              placeholder="https://"
            />
          </FormField>
          <FormField label="Authentication">
            {(control) => (
              <NativeSelect
                {...control}
                name="auth_mode"
                value={authMode}
                onChange={(event) => setAuthMode(event.target.value as AuthMode)}
              >
                {CONNECTOR_AUTH_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {AUTH_MODE_LABELS[mode]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {authMode === "shared" && (
            <FormField label="Shared token" required description="Sent as a bearer token; stored encrypted and never shown again.">
              <Input
                name="shared_token"
                type="password"
                value={token}
                onChange={(event) => setToken(event.target.value)}
                autoComplete="off"
              />
            </FormField>
          )}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={pending || name.trim() === "" || title.trim() === "" || url.trim() === ""}>
              {pending ? "Adding…" : "Add connector"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
