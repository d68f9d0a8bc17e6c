"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { apiFetch, errorMessage } from "@/lib/client/api";
import type { WebhookEndpointView, WebhookEndpointWithSecret } from "@/lib/schemas/webhook-endpoints";
import { CreateWebhookEndpoint, type NewEndpoint } from "./webhooks-create";
import { WebhookDeliveries, deliveriesKey } from "./webhooks-deliveries";
import { ShowSecretOnce } from "./webhooks-secret";

const showError = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));

/** The organization's outbound webhook endpoints (admins only; the server checks). */
export function WebhookEndpoints({ slug }: { slug: string }) {
  const client = useQueryClient();
  const queryKey = ["org", slug, "webhooks"];
  const query = useQuery({ queryKey, queryFn: () => apiFetch<{ endpoints: WebhookEndpointView[] }>(`/api/orgs/${slug}/webhooks`) });
  const refresh = () => client.invalidateQueries({ queryKey });
  const [secret, setSecret] = useState<{ title: string; secret: string; note?: string } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);

  const create = useMutation({
    mutationFn: (body: NewEndpoint) => apiFetch<WebhookEndpointWithSecret>(`/api/orgs/${slug}/webhooks`, { body }),
    onSuccess: (created) => {
      setSecret({ title: `Endpoint added: ${created.endpoint.url}`, secret: created.secret });
      return refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: (id: string) => apiFetch<WebhookEndpointWithSecret>(`/api/orgs/${slug}/webhooks/${id}/rotate-secret`, { method: "POST" }),
    onSuccess: (rotated) => {
      const until = rotated.endpoint.previous_secret_expires_at;
      setSecret({
        title: "New signing secret",
        secret: rotated.secret,
        note: until ? `The previous secret keeps signing too until ${new Date(until).toLocaleString()}.` : undefined,
      });
      return refresh();
    },
    onError: showError("The secret was not rotated. Try again."),
  });
  const toggle = useMutation({
    mutationFn: (endpoint: WebhookEndpointView) =>
      apiFetch(`/api/orgs/${slug}/webhooks/${endpoint.id}`, { method: "PATCH", body: { enabled: !endpoint.enabled } }),
    onSuccess: refresh,
    onError: showError("The endpoint was not changed. Try again."),
  });
  const sendTest = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/orgs/${slug}/webhooks/${id}/test`, { method: "POST" }),
    onSuccess: (_result, id) => {
      toast.success("Test event sent. Its delivery shows in the log.");
      return client.invalidateQueries({ queryKey: deliveriesKey(slug, id) });
    },
    onError: showError("The test event was not sent. Try again."),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/orgs/${slug}/webhooks/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success("Endpoint deleted.");
      return refresh();
    },
    onError: showError("The endpoint was not deleted. Try again."),
  });

  return (
    <div className="grid gap-6">
      <CreateWebhookEndpoint onCreate={(input) => create.mutateAsync(input)} />
      {query.isPending ? (
        <Skeleton className="h-32 w-full" aria-label="Loading webhook endpoints" />
      ) : query.isError ? (
        <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : query.data.endpoints.length === 0 ? (
        <EmptyState title="No webhook endpoints yet" description="Add one to tell another system when the agent waits for it." />
      ) : (
        <ul className="grid gap-4" aria-label="Webhook endpoints">
          {query.data.endpoints.map((endpoint) => (
            <li key={endpoint.id} className="grid gap-3 rounded-lg border p-4" aria-label={endpoint.url}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="grid gap-1">
                  <code className="break-all text-sm font-medium">{endpoint.url}</code>
                  {endpoint.description && <span className="text-sm text-muted-foreground">{endpoint.description}</span>}
                  <ul className="flex flex-wrap gap-1" aria-label="Events">
                    {endpoint.event_types.map((type) => (
                      <li key={type}>
                        <code className="text-xs">{type}</code>
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="flex gap-1">
                  <Badge variant={endpoint.enabled ? "secondary" : "outline"}>{endpoint.enabled ? "Enabled" : "Disabled"}</Badge>
                  {endpoint.failing_since && <Badge variant="destructive">Failing</Badge>}
                </div>
              </div>
              {endpoint.failing_since && (
                <p role="status" className="text-sm text-destructive">
                  Failing since {new Date(endpoint.failing_since).toLocaleString()}: {endpoint.last_error}
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={sendTest.isPending || !endpoint.enabled}
                  onClick={() => sendTest.mutate(endpoint.id)}
                >
                  Send test event
                </Button>
                <Button size="sm" variant="outline" disabled={rotate.isPending} onClick={() => rotate.mutate(endpoint.id)}>
                  Rotate secret
                </Button>
                <Button size="sm" variant="outline" disabled={toggle.isPending} onClick={() => toggle.mutate(endpoint)}>
                  {endpoint.enabled ? "Disable" : "Enable"}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(endpoint)} aria-label={`Delete endpoint ${endpoint.url}`}>
                  Delete
                </Button>
              </div>
              <details>
                <summary className="cursor-pointer text-sm font-medium">Delivery log</summary>
                <div className="mt-2">
                  <WebhookDeliveries slug={slug} endpointId={endpoint.id} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      <ShowSecretOnce shown={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        request={
          deleting && {
            title: "Delete this endpoint?",
            description: `${deleting.url} receives nothing from now on, and its delivery log is deleted with it. This cannot be undone.`,
            action: "Delete the endpoint",
            pendingAction: "Deleting…",
            destructive: true,
            onConfirm: (done) => remove.mutate(deleting.id, { onSettled: done }),
          }
        }
      />
    </div>
  );
}
