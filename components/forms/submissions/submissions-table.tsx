"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { buttonVariants } from "@/components/ui/button-variants";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { filterQuery, filtersFrom, submissionApi } from "@/lib/client/forms/submissions/submission-api";
import { useSubmissions } from "@/lib/client/forms/submissions/use-submissions";
import type { SubmissionFilters } from "@/lib/schemas/form-submissions";
import { formatValue, formatWhen, truncate } from "./format-value";
import { SubmissionFiltersForm } from "./submission-filters";

/** A form's submissions: filters kept in the URL, newest first, "Load more", and the CSV of the same filters. */
export function SubmissionsTable({ slug, formId }: { slug: string; formId: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const filters = filtersFrom(new URLSearchParams(useSearchParams().toString()));
  const query = useSubmissions(slug, formId, filters);
  const columns = query.data?.pages[0]?.columns ?? [];
  const submissions = query.data?.pages.flatMap((page) => page.submissions) ?? [];
  const filtered = Object.keys(filters).length > 0;

  const apply = (next: SubmissionFilters) => {
    // The API takes a field and its text together: one without the other filters nothing.
    const paired = next.field && next.value ? next : { ...next, field: undefined, value: undefined };
    const search = filterQuery(paired);
    router.replace(search ? `${pathname}?${search}` : pathname);
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SubmissionFiltersForm key={filterQuery(filters)} slug={slug} filters={filters} columns={columns} onApply={apply} />
        <a className={buttonVariants({ variant: "outline" })} href={submissionApi.exportUrl(slug, formId, filters)} download>
          Export CSV
        </a>
      </div>
      {query.isPending ? (
        <Skeleton className="h-48 w-full" aria-label="Loading submissions" />
      ) : query.isError ? (
        <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : submissions.length === 0 ? (
        <EmptyState
          title={filtered ? "No submission matches these filters" : "No submissions yet"}
          description={
            filtered
              ? "Change or clear the filters to see more."
              : "When someone completes and confirms this form in a chat, the submission appears here."
          }
          action={
            filtered ? (
              <Button variant="outline" onClick={() => apply({})}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Submitted</TableHead>
                  <TableHead>By</TableHead>
                  <TableHead>Status</TableHead>
                  {columns.map((column) => (
                    <TableHead key={column.id}>{column.label}</TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {submissions.map((submission) => (
                  <TableRow key={submission.id}>
                    <TableCell className="whitespace-nowrap">
                      <Link className="underline-offset-4 hover:underline" href={`${pathname}/${submission.id}`}>
                        {formatWhen(submission.createdAt)}
                      </Link>
                    </TableCell>
                    <TableCell>{submission.submittedBy ? submission.submittedBy.name || submission.submittedBy.email : "—"}</TableCell>
                    <TableCell>
                      <Badge variant={submission.status === "new" ? "default" : "secondary"}>{submission.status}</Badge>
                    </TableCell>
                    {columns.map((column) => {
                      const text = formatValue(submission.values[column.id]);
                      return (
                        <TableCell key={column.id} className="max-w-64 truncate" title={text}>
                          {truncate(text)}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {query.hasNextPage ? (
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={() => query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage ? "Loading…" : "Load more"}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
