"use client";

import { useState } from "react";
import { CopyIcon } from "lucide-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { apiFetch, errorMessage } from "@/lib/client/api";
import {
  INBOUND_AUTH_KIND_LABELS,
  type CreateInboundEndpointInput,
  type InboundEndpointView,
  type InboundEndpointWithSecret,
} from "@/lib/schemas/inbound-endpoints";
import { CreateInboundEndpointForm } from "./inbound-create";
import { InboundEvents } from "./inbound-events";
import { ShowInboundSecretOnce } from "./inbound-secret";
import { copyText } from "./secret-once-dialog";

type Confirm = { kind: "rotate" | "delete"; endpoint: InboundEndpointView };

/** The organization's inbound endpoints (admins only; the server checks): create, copy the URL, rotate, disable, delete, the event log. */
export function InboundEndpoints({ slug }: { slug: string }) {
  const client = useQueryClient();
  const queryKey = ["org", slug, "inbound-endpoints"];
  const base = `/api/orgs/${slug}/inbound-endpoints`;
  const query = useQuery({ queryKey, queryFn: () => apiFetch<{ endpoints: InboundEndpointView[] }>(base) });
  const refresh = () => client.invalidateQueries({ queryKey });
  const showError = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));
  const create = useMutation({
    mutationFn: (body: CreateInboundEndpointInput) => apiFetch<InboundEndpointWithSecret>(base, { body }),
    onSuccess: refresh,
  });
  const [shown, setShown] = useState<InboundEndpointWithSecret | null>(null);
  const rotate = useMutation({
    mutationFn: (id: string) => apiFetch<InboundEndpointWithSecret>(`${base}/${id}/rotate-secret`, { method: "POST" }),
    onSuccess: (rotated) => {
      setShown(rotated);
      return refresh();
    },
    onError: showError("The secret was not rotated. Try again."),
  });
  const toggle = useMutation({
    mutationFn: (endpoint: InboundEndpointView) =>
      apiFetch(`${base}/${endpoint.id}`, { method: "PATCH", body: { enabled: !endpoint.enabled } }),
    onSuccess: refresh,
    onError: showError("The endpoint was not changed. Try again."),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`${base}/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success("Endpoint deleted. Its URL now answers 404.");
      return refresh();
    },
    onError: showError("The endpoint was not deleted. Try again."),
  });
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  return (
    <div className="grid gap-6">
      <CreateInboundEndpointForm onCreate={(input) => create.mutateAsync(input)} pending={create.isPending} />
      {query.isPending ? (
        <Skeleton className="h-32 w-full" aria-label="Loading inbound endpoints" />
      ) : query.isError ? (
        <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : query.data.endpoints.length === 0 ? (
        <EmptyState
          title="No inbound endpoints yet"
          description="Create one above to let another system answer this organization's inbox items."
        />
      ) : (
        <ul className="grid gap-4" aria-label="Inbound endpoints">
          {query.data.endpoints.map((endpoint) => (
            <li key={endpoint.id} className="grid gap-3 rounded-lg border p-4" aria-label={endpoint.name}>
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-medium">{endpoint.name}</h3>
                <Badge variant={endpoint.enabled ? "secondary" : "outline"}>{endpoint.enabled ? "Enabled" : "Disabled"}</Badge>
                <span className="text-sm text-muted-foreground">{INBOUND_AUTH_KIND_LABELS[endpoint.authKind]}</span>
              </div>
              <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">URL</dt>
                <dd className="flex items-center gap-2">
                  <code className="text-xs break-all">{endpoint.url}</code>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => void copyText(endpoint.url, "URL")}
                    aria-label={`Copy the URL of ${endpoint.name}`}
                  >
                    <CopyIcon aria-hidden />
                  </Button>
                </dd>
                <dt className="text-muted-foreground">Tags</dt>
                <dd>{endpoint.tags.join(", ")}</dd>
                <dt className="text-muted-foreground">Correlation path</dt>
                <dd>
                  <code className="text-xs">{endpoint.correlationPath}</code>
                </dd>
                <dt className="text-muted-foreground">Response</dt>
                <dd>{endpoint.responsePath ? <code className="text-xs">{endpoint.responsePath}</code> : "the whole event"}</dd>
                <dt className="text-muted-foreground">Early events kept</dt>
                <dd>{endpoint.earlyWindowMinutes} minutes</dd>
              </dl>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-expanded={open === endpoint.id}
                  onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                >
                  {open === endpoint.id ? "Hide the event log" : "Show the event log"}
                </Button>
                <Button type="button" variant="outline" size="sm" onClick={() => setConfirm({ kind: "rotate", endpoint })}>
                  Rotate secret
                </Button>
                <Button type="button" variant="outline" size="sm" disabled={toggle.isPending} onClick={() => toggle.mutate(endpoint)}>
                  {endpoint.enabled ? "Disable" : "Enable"}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => setConfirm({ kind: "delete", endpoint })}
                  aria-label={`Delete ${endpoint.name}`}
                >
                  Delete
                </Button>
              </div>
              {open === endpoint.id && <InboundEvents slug={slug} endpointId={endpoint.id} endpointName={endpoint.name} />}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        pending={rotate.isPending || remove.isPending}
        onClose={() => setConfirm(null)}
        request={
          confirm &&
          (confirm.kind === "rotate"
            ? {
                title: `Rotate the secret of “${confirm.endpoint.name}”?`,
                description: "The current secret stops working at once: give the sender the new one, shown next.",
                action: "Rotate the secret",
                onConfirm: (done) => rotate.mutate(confirm.endpoint.id, { onSettled: done }),
              }
            : {
                title: `Delete “${confirm.endpoint.name}”?`,
                description: "Its URL answers 404 from now on and its event log is deleted. Items it resolved stay resolved.",
                action: "Delete the endpoint",
                destructive: true,
                onConfirm: (done) => remove.mutate(confirm.endpoint.id, { onSettled: done }),
              })
        }
      />
      <ShowInboundSecretOnce shown={shown} onClose={() => setShown(null)} />
    </div>
  );
}
