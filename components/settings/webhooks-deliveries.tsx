"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { apiFetch, errorMessage } from "@/lib/client/api";
import type { WebhookDeliveryList, WebhookDeliveryView } from "@/lib/schemas/webhook-endpoints";

const STATUS: Record<WebhookDeliveryView["status"], { label: string; variant: "success" | "destructive" | "secondary" }> = {
  succeeded: { label: "Succeeded", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  pending: { label: "Pending", variant: "secondary" },
};

export const deliveriesKey = (slug: string, endpointId: string) => ["org", slug, "webhooks", endpointId, "deliveries"];

/** One endpoint's delivery log: each delivery's status, its attempts (expandable) and Re-send. Refreshes while any is pending. */
export function WebhookDeliveries({ slug, endpointId }: { slug: string; endpointId: string }) {
  const client = useQueryClient();
  const queryKey = deliveriesKey(slug, endpointId);
  const query = useQuery({
    queryKey,
    queryFn: () => apiFetch<WebhookDeliveryList>(`/api/orgs/${slug}/webhooks/${endpointId}/deliveries`),
    refetchInterval: (current) => (current.state.data?.deliveries.some((delivery) => delivery.status === "pending") ? 1_500 : false),
  });
  const resend = useMutation({
    mutationFn: (deliveryId: string) =>
      apiFetch(`/api/orgs/${slug}/webhooks/${endpointId}/deliveries/${deliveryId}/resend`, { method: "POST" }),
    onSuccess: () => {
      toast.success("Re-sent with the same webhook-id.");
      return client.invalidateQueries({ queryKey });
    },
    onError: (error) => toast.error(errorMessage(error, "The delivery was not re-sent. Try again.")),
  });

  if (query.isPending) return <Skeleton className="h-20 w-full" aria-label="Loading deliveries" />;
  if (query.isError) return <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  if (query.data.deliveries.length === 0) {
    return <EmptyState title="No deliveries yet" description="Send a test event, or wait for one of the chosen events to happen." />;
  }
  return (
    <Table aria-label="Deliveries">
      <TableHeader>
        <TableRow>
          <TableHead>Event</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Attempts</TableHead>
          <TableHead>Created</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {query.data.deliveries.map((delivery) => (
          <TableRow key={delivery.id}>
            <TableCell>
              <code className="text-xs">{delivery.event_type}</code>
              <span className="block font-mono text-xs text-muted-foreground">{delivery.event_id}</span>
            </TableCell>
            <TableCell>
              <Badge variant={STATUS[delivery.status].variant}>{STATUS[delivery.status].label}</Badge>
              {delivery.next_attempt_at && (
                <span className="block text-xs text-muted-foreground">
                  next try {new Date(delivery.next_attempt_at).toLocaleTimeString()}
                </span>
              )}
            </TableCell>
            <TableCell>
              {delivery.attempts.length === 0 ? (
                <span className="text-sm text-muted-foreground">None yet</span>
              ) : (
                <details>
                  <summary className="cursor-pointer text-sm">
                    {delivery.attempts.length} attempt{delivery.attempts.length === 1 ? "" : "s"}
                  </summary>
                  <ol className="mt-2 grid gap-2 text-xs">
                    {delivery.attempts.map((attempt) => (
                      <li key={`${attempt.attempt_number}-${attempt.started_at}`} className="rounded border p-2">
                        <span className="font-medium">
                          #{attempt.attempt_number} · {attempt.response_status ?? "no response"} · {attempt.duration_ms} ms
                        </span>
                        <span className="block text-muted-foreground">{new Date(attempt.started_at).toLocaleString()}</span>
                        {attempt.error && <span className="block text-destructive">{attempt.error}</span>}
                        {attempt.response_body && (
                          <pre className="mt-1 max-h-32 overflow-auto whitespace-pre-wrap break-all bg-muted p-1">
                            {attempt.response_body}
                          </pre>
                        )}
                      </li>
                    ))}
                  </ol>
                </details>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">{new Date(delivery.created_at).toLocaleString()}</TableCell>
            <TableCell className="text-right">
              <Button
                variant="ghost"
                size="sm"
                disabled={resend.isPending}
                onClick={() => resend.mutate(delivery.id)}
                aria-label={`Re-send ${delivery.event_type} ${delivery.event_id}`}
              >
                Re-send
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
