"use client";

import Link from "next/link";
import { ClipboardListIcon, PlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useForms } from "@/lib/client/forms/use-forms";
import { ImportFormButton } from "./import-form-button";

/** The organization's forms, newest first, with the way to create or import one. */
export function FormsList({ slug }: { slug: string }) {
  const query = useForms(slug);
  if (query.isPending) return <Skeleton className="h-48 w-full" aria-label="Loading the forms" />;
  if (query.isError) return <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  const create = (
    <Button asChild>
      <Link href={`/${slug}/forms/new`}>
        <PlusIcon aria-hidden /> Create a form
      </Link>
    </Button>
  );
  if (query.data.length === 0)
    return (
      <EmptyState
        icon={<ClipboardListIcon />}
        title="No forms yet"
        description="A form is a set of steps and fields the agent fills with people by talking: an expense claim, a support request."
        action={
          <div className="grid justify-items-center gap-3">
            {create}
            <ImportFormButton slug={slug} />
          </div>
        }
      />
    );
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-start gap-3">
        {create}
        <ImportFormButton slug={slug} />
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Id</TableHead>
            <TableHead className="text-right">Fields</TableHead>
            <TableHead className="text-right">Submissions</TableHead>
            <TableHead className="text-right">Version</TableHead>
            <TableHead>Updated</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {query.data.map((form) => (
            <TableRow key={form.id}>
              <TableCell>
                <Link href={`/${slug}/forms/${form.id}`} className="font-medium underline-offset-4 hover:underline">
                  {form.name}
                </Link>
              </TableCell>
              <TableCell className="font-mono text-xs">{form.key}</TableCell>
              <TableCell className="text-right">{form.fieldCount}</TableCell>
              <TableCell className="text-right">
                <Link
                  href={`/${slug}/forms/${form.id}/submissions`}
                  className="underline underline-offset-4"
                  aria-label={`${form.submissionCount} submissions of ${form.name}`}
                >
                  {form.submissionCount}
                </Link>
              </TableCell>
              <TableCell className="text-right">{form.currentVersion}</TableCell>
              <TableCell className="whitespace-nowrap">{new Date(form.updatedAt).toLocaleString()}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
