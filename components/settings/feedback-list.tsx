"use client";

import { messageHref } from "@/lib/client/message-anchor";
import { useState } from "react";
import Link from "next/link";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ThumbsDownIcon, ThumbsUpIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { apiFetch } from "@/lib/client/api";
import { FEEDBACK_REASONS, type FeedbackFilters, type FeedbackPage } from "@/lib/schemas/feedback";
import { NativeSelect } from "./native-select";
import { useMembers } from "./use-org-api";

/** Settings → Feedback: everyone's thumbs on the agent's answers, newest first, filtered, each linking to its message. */
export function FeedbackList({ slug }: { slug: string }) {
  const [filters, setFilters] = useState<FeedbackFilters>({});
  const members = useMembers(slug);
  const set = (key: keyof FeedbackFilters, value: string) => setFilters((current) => ({ ...current, [key]: value || undefined }));
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filters">
        <div className="grid gap-1.5">
          <Label htmlFor="feedback-rating">Rating</Label>
          <NativeSelect id="feedback-rating" value={filters.rating ?? ""} onChange={(event) => set("rating", event.target.value)}>
            <option value="">Any</option>
            <option value="up">Good answer</option>
            <option value="down">Bad answer</option>
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="feedback-person">Person</Label>
          <NativeSelect id="feedback-person" value={filters.user ?? ""} onChange={(event) => set("user", event.target.value)}>
            <option value="">Anyone</option>
            {(members.data?.members ?? []).map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name || member.email}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="feedback-from">From</Label>
          <Input id="feedback-from" type="date" value={filters.from ?? ""} onChange={(event) => set("from", event.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="feedback-to">To</Label>
          <Input id="feedback-to" type="date" value={filters.to ?? ""} onChange={(event) => set("to", event.target.value)} />
        </div>
      </div>
      <FeedbackTable slug={slug} filters={filters} />
    </div>
  );
}

function FeedbackTable({ slug, filters }: { slug: string; filters: FeedbackFilters }) {
  const query = useInfiniteQuery({
    queryKey: ["org", slug, "feedback", filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
      if (pageParam) params.set("cursor", pageParam);
      return apiFetch<FeedbackPage>(`/api/orgs/${slug}/feedback?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
  if (query.isPending) return <Skeleton className="h-48 w-full" aria-label="Loading the feedback" />;
  if (query.isError) return <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  const entries = query.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) {
    const filtered = Object.values(filters).some(Boolean);
    return (
      <EmptyState
        title={filtered ? "No feedback matches these filters" : "No feedback yet"}
        description={
          filtered
            ? "Change or clear the filters above."
            : "When people rate the agent's answers with a thumb up or down in a conversation, their ratings and reasons appear here."
        }
      />
    );
  }
  return (
    <div className="grid gap-3">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>When</TableHead>
            <TableHead>Who</TableHead>
            <TableHead>Rating</TableHead>
            <TableHead>Reason</TableHead>
            <TableHead>Answer</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id} data-feedback-id={entry.id}>
              <TableCell className="whitespace-nowrap">{new Date(entry.updatedAt).toLocaleString()}</TableCell>
              <TableCell>{entry.person.name || entry.person.email}</TableCell>
              <TableCell>
                <span className="inline-flex items-center gap-1.5">
                  {entry.rating === "up" ? (
                    <ThumbsUpIcon aria-hidden className="size-4" />
                  ) : (
                    <ThumbsDownIcon aria-hidden className="size-4" />
                  )}
                  {entry.rating === "up" ? "Good" : "Bad"}
                </span>
              </TableCell>
              <TableCell className="max-w-64">
                {entry.reason ? <p className="font-medium">{FEEDBACK_REASONS[entry.reason]}</p> : null}
                {entry.comment ? <p className="whitespace-pre-wrap break-words text-muted-foreground">{entry.comment}</p> : null}
              </TableCell>
              <TableCell className="max-w-72">
                <Link
                  href={messageHref(slug, entry.conversation.id, entry.messageId)}
                  className="font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {entry.conversation.title}
                </Link>
                <p className="line-clamp-2 text-muted-foreground">{entry.excerpt || "(message no longer stored)"}</p>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {query.hasNextPage ? (
        <Button variant="outline" className="justify-self-center" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? "Loading…" : "Load older feedback"}
        </Button>
      ) : null}
    </div>
  );
}
