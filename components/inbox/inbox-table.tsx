"use client";

import { useState } from "react";
import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { V1InboxItem } from "@/lib/schemas/v1-inbox";
import { AnswerDialog, type AnswerableItem } from "./answer-dialog";
import { CancelDialog } from "./cancel-dialog";
import { CopyLinkButton } from "./copy-link-button";
import { InboxFiltersForm } from "./inbox-filters";
import { InboxStatusBadge, answerText, resolverLabel } from "./item-status";
import { inboxKeys, useInboxItems, type InboxFilters } from "./use-inbox";

/** "3 min", "2 h", "4 d": how long ago an item was posted. */
function age(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / 1440)} d`;
}

export const answerable = (item: V1InboxItem): AnswerableItem => ({
  publicId: item.id,
  tag: item.tag,
  request: item.request,
  responseSchema: item.response_schema,
});

/** The organization's inbox: filters, the items newest first with "Load more", answering, links, and (admins) cancelling. */
export function InboxTable({ slug, canCancel }: { slug: string; canCancel: boolean }) {
  const client = useQueryClient();
  const [filters, setFilters] = useState<InboxFilters>({});
  const query = useInboxItems(slug, filters);
  const [answering, setAnswering] = useState<AnswerableItem | null>(null);
  const [cancelling, setCancelling] = useState<V1InboxItem | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: inboxKeys.all(slug) });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className="grid gap-4">
      <InboxFiltersForm slug={slug} onApply={setFilters} />
      {query.isPending ? (
        <Skeleton className="h-40 w-full" aria-label="Loading the inbox" />
      ) : query.isError ? (
        <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState
          title={filtered ? "No items match these filters" : "The inbox is empty"}
          description={
            filtered
              ? "Change or clear the filters to see more."
              : "When the agent needs an answer from a person or another system, its request appears here."
          }
        />
      ) : (
        <>
          <Table aria-label="Inbox items">
            <TableHeader>
              <TableRow>
                <TableHead>Tag</TableHead>
                <TableHead>Request</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Age</TableHead>
                <TableHead>Answer</TableHead>
                <TableHead>Conversation</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id} data-item-id={item.id}>
                  <TableCell>
                    <Badge variant="outline">{item.tag}</Badge>
                    {item.correlation_key && <code className="mt-1 block text-xs text-muted-foreground">{item.correlation_key}</code>}
                  </TableCell>
                  <TableCell className="max-w-md whitespace-pre-wrap">{item.request}</TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-1">
                      <InboxStatusBadge status={item.status} />
                      {item.blocking && item.status === "pending" && <Badge variant="secondary">Agent waits</Badge>}
                    </div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={item.created_at} title={new Date(item.created_at).toLocaleString()}>
                      {age(item.created_at)}
                    </time>
                  </TableCell>
                  <TableCell className="max-w-xs">
                    {item.response !== null && <span className="block break-words">{answerText(item.response)}</span>}
                    {item.resolved_by && <span className="block text-xs text-muted-foreground">by {resolverLabel(item.resolved_by)}</span>}
                  </TableCell>
                  <TableCell>
                    <Link className="text-sm underline underline-offset-2" href={`/${slug}/c/${item.conversation_id}`}>
                      Open conversation
                    </Link>
                  </TableCell>
                  <TableCell className="text-right">
                    {item.status === "pending" && (
                      <div className="flex flex-wrap justify-end gap-1">
                        <Button size="sm" onClick={() => setAnswering(answerable(item))} aria-label={`Answer “${item.tag}”`}>
                          Answer
                        </Button>
                        <CopyLinkButton slug={slug} publicId={item.id} tag={item.tag} />
                        {canCancel && (
                          <Button variant="ghost" size="sm" onClick={() => setCancelling(item)} aria-label={`Cancel “${item.tag}”`}>
                            Cancel
                          </Button>
                        )}
                      </div>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {query.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-center"
              disabled={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? "Loading…" : "Load more"}
            </Button>
          )}
        </>
      )}
      <AnswerDialog slug={slug} item={answering} onClose={() => setAnswering(null)} onAnswered={refresh} />
      <CancelDialog slug={slug} item={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}
