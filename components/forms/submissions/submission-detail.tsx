"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/client/api";
import { useSetSubmissionStatus, useSubmission } from "@/lib/client/forms/submissions/use-submissions";
import type { SubmissionRevision } from "@/lib/schemas/form-submissions";
import { formatValue, formatWhen } from "./format-value";

const OP_LABEL: Record<SubmissionRevision["op"], string> = { set: "set", retract: "cleared", undo: "undid", redo: "redid" };

/** Who gave an answer, as a person reads it. */
function who(by: SubmissionRevision["by"]): string {
  if (by.kind === "agent") return "the agent";
  if (by.kind === "api") return by.name ? `API (${by.name})` : "API";
  if (by.kind === "executor") return "the form's own rules";
  return by.name ?? "a person";
}

/** One submission: every field's final value with its revision history, the conversation it came from, and its status. */
export function SubmissionDetailView({ slug, formId, submissionId }: { slug: string; formId: string; submissionId: string }) {
  const query = useSubmission(slug, formId, submissionId);
  const setStatus = useSetSubmissionStatus(slug, formId, submissionId);
  if (query.isPending) return <Skeleton className="h-64 w-full" aria-label="Loading the submission" />;
  if (query.isError) return <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  const { submission, conversation } = query.data;
  const next = submission.status === "new" ? "processed" : "new";
  // Fields the submission answered or whose history mentions them, in column order.
  const shown = submission.columns.filter(
    (column) => column.id in submission.values || submission.history.some((entry) => entry.field === column.id),
  );
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Submitted</dt>
        <dd>{formatWhen(submission.createdAt)}</dd>
        <dt className="text-muted-foreground">By</dt>
        <dd>{submission.submittedBy ? `${submission.submittedBy.name} (${submission.submittedBy.email})` : "—"}</dd>
        <dt className="text-muted-foreground">Form version</dt>
        <dd>{submission.formVersion}</dd>
        <dt className="text-muted-foreground">Conversation</dt>
        <dd>
          {conversation ? (
            <Link className="underline underline-offset-4" href={`/${slug}/c/${conversation.id}`}>
              {conversation.title}
            </Link>
          ) : (
            "Conversation deleted"
          )}
        </dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd className="flex items-center gap-3">
          <Badge variant={submission.status === "new" ? "default" : "secondary"}>{submission.status}</Badge>
          <Button size="sm" variant="outline" disabled={setStatus.isPending} onClick={() => setStatus.mutate(next)}>
            {next === "processed" ? "Mark as processed" : "Mark as new"}
          </Button>
          {setStatus.isError ? (
            <span role="alert" className="text-destructive">
              {errorMessage(setStatus.error, "The status could not be changed. Try again.")}
            </span>
          ) : null}
        </dd>
      </dl>
      <section aria-labelledby="answers-heading" className="grid gap-4">
        <h2 id="answers-heading" className="text-lg font-semibold">
          Answers
        </h2>
        {shown.map((column) => {
          const history = submission.history.filter((entry) => entry.field === column.id);
          return (
            <article key={column.id} aria-label={column.label} className="grid gap-2 rounded-lg border p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-medium">{column.label}</h3>
                <p className="break-words whitespace-pre-wrap">{formatValue(submission.values[column.id])}</p>
              </div>
              {history.length > 0 ? (
                <ol aria-label={`History of ${column.label}`} className="grid gap-1 text-sm text-muted-foreground">
                  {history.map((entry, index) => (
                    <li key={index}>
                      {formatWhen(entry.at)}: {who(entry.by)} {OP_LABEL[entry.op]}
                      {entry.op === "set" ? ` “${formatValue(entry.value)}”` : ""}
                    </li>
                  ))}
                </ol>
              ) : null}
            </article>
          );
        })}
      </section>
    </div>
  );
}
