"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/client/api";
import { EVENT_TYPE_DESCRIPTIONS, SUBSCRIBABLE_EVENT_TYPES, type WebhookEndpointWithSecret } from "@/lib/schemas/webhook-endpoints";

type EventType = (typeof SUBSCRIBABLE_EVENT_TYPES)[number];
export interface NewEndpoint {
  url: string;
  description: string;
  event_types: EventType[];
}

/** "Add endpoint": URL, description and the event types as checkboxes, in a dialog. */
export function CreateWebhookEndpoint({ onCreate }: { onCreate: (input: NewEndpoint) => Promise<WebhookEndpointWithSecret> }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [types, setTypes] = useState<EventType[]>(["inbox.item.created", "inbox.item.resolved"]);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    if (types.length === 0) return setError("Choose at least one event type.");
    setPending(true);
    try {
      await onCreate({ url: url.trim(), description: description.trim(), event_types: types });
      setOpen(false);
      setUrl("");
      setDescription("");
    } catch (caught) {
      setError(errorMessage(caught, "The endpoint was not added. Try again."));
    } finally {
      setPending(false);
    }
  }

  const toggle = (type: EventType, on: boolean) =>
    setTypes((current) => (on ? [...new Set([...current, type])] : current.filter((t) => t !== type)));

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" className="w-fit">
          Add endpoint
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Add a webhook endpoint</DialogTitle>
            <DialogDescription>Handoff POSTs each event you choose to this URL, signed the Standard Webhooks way.</DialogDescription>
          </DialogHeader>
          <FormField label="URL" required description="An https URL your system receives events on.">
            <Input
              name="url"
              type="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              autoComplete="off"
              placeholder="https://"
            />
          </FormField>
          <FormField label="Description" description="Optional: what listens there, e.g. “ERP purchase orders”.">
            <Input name="description" value={description} onChange={(event) => setDescription(event.target.value)} maxLength={500} />
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Events</legend>
            {SUBSCRIBABLE_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4"
                  checked={types.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                />
                <span>
                  <code className="text-xs">{type}</code> <span className="text-muted-foreground">{EVENT_TYPE_DESCRIPTIONS[type]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={pending || url.trim() === ""}>
              {pending ? "Adding…" : "Add endpoint"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
