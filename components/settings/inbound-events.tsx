"use client";

import Link from "next/link";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { apiFetch } from "@/lib/client/api";
import type { InboundEventList, InboundEventView } from "@/lib/schemas/inbound-endpoints";

const OUTCOME_LABELS: Record<InboundEventView["outcome"], string> = {
  matched: "Matched",
  kept: "Kept (waiting for an item)",
  expired: "Expired (no item came)",
  unmatched: "Unmatched (no correlation key)",
  conflict: "Conflict (answered differently)",
  refused: "Refused",
};

/** One endpoint's event log, newest first, with “Load more”. */
export function InboundEvents({ slug, endpointId, endpointName }: { slug: string; endpointId: string; endpointName: string }) {
  const query = useInfiniteQuery({
    queryKey: ["org", slug, "inbound-endpoints", endpointId, "events"],
    queryFn: ({ pageParam }) =>
      apiFetch<InboundEventList>(
        `/api/orgs/${slug}/inbound-endpoints/${endpointId}/events${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  if (query.isPending) return <Skeleton className="h-24 w-full" aria-label="Loading the event log" />;
  if (query.isError) return <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  const events = query.data.pages.flatMap((page) => page.events);
  if (events.length === 0)
    return <EmptyState title="No events yet" description="Events the sender POSTs to this endpoint's URL appear here, refused ones too." />;
  return (
    <div className="grid gap-2">
      <div className="flex justify-end">
        <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? "Refreshing…" : "Refresh"}
        </Button>
      </div>
      <Table aria-label={`Events of ${endpointName}`}>
        <TableHeader>
          <TableRow>
            <TableHead>Received</TableHead>
            <TableHead>Verification</TableHead>
            <TableHead>Outcome</TableHead>
            <TableHead>Correlation key</TableHead>
            <TableHead>Item</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {events.map((event) => (
            <TableRow key={event.id}>
              <TableCell className="whitespace-nowrap">{new Date(event.receivedAt).toLocaleString()}</TableCell>
              <TableCell>
                <Badge variant={event.verification === "verified" ? "secondary" : "destructive"}>
                  {event.verification === "verified" ? "Verified" : "Refused"}
                </Badge>
                {event.verification === "refused" && event.refusedReason && (
                  <span className="block text-xs text-muted-foreground">{event.refusedReason}</span>
                )}
              </TableCell>
              <TableCell>
                {OUTCOME_LABELS[event.outcome]}
                {event.verification === "verified" && event.refusedReason && (
                  <span className="block text-xs text-muted-foreground">{event.refusedReason}</span>
                )}
                {event.outcome === "kept" && event.keptUntil && (
                  <span className="block text-xs text-muted-foreground">until {new Date(event.keptUntil).toLocaleString()}</span>
                )}
              </TableCell>
              <TableCell>{event.correlationKey ? <code className="text-xs">{event.correlationKey}</code> : "—"}</TableCell>
              <TableCell>
                {event.resolvedItemId ? (
                  <span className="grid gap-0.5">
                    <Link
                      className="text-xs underline"
                      href={`/${slug}/inbox?correlation_key=${encodeURIComponent(event.correlationKey ?? "")}`}
                    >
                      <code>{event.resolvedItemId}</code>
                    </Link>
                    {event.conversationId && (
                      <Link className="text-xs underline" href={`/${slug}/c/${event.conversationId}`}>
                        Open the conversation
                      </Link>
                    )}
                  </span>
                ) : (
                  "—"
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {query.hasNextPage && (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </div>
      )}
    </div>
  );
}
