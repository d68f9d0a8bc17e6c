"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/client/api";

/** "Connect": the person's own token for a per-person connector; the server checks it before it is stored. */
export function ConnectDialog({ title, onConnect }: { title: string; onConnect: (token: string) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      await onConnect(token);
      setOpen(false);
      setToken("");
    } catch (caught) {
      setError(errorMessage(caught, "The token was not saved. Try again."));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" aria-label={`Connect your ${title} account with a token`}>
          Connect with a token
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Connect your {title} account</DialogTitle>
            <DialogDescription>
              Paste a personal access token from {title}. The agent uses it for your requests only; it is stored encrypted and never shown
              again.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Token" required error={error}>
            <Input name="token" type="password" value={token} onChange={(event) => setToken(event.target.value)} autoComplete="off" />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={pending || token === ""}>
              {pending ? "Checking…" : "Connect"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
