"use client";

import { useMemo } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { draftFrom, toStored } from "@/lib/client/forms/draft";
import { useFormVersion } from "@/lib/client/forms/use-forms";
import { FormEditor } from "./form-editor";
import { FormPreview } from "./form-preview";

/** An older version, read-only, with the way back to the current one. */
export function FormVersionView({ slug, formId, version, onClose }: { slug: string; formId: string; version: number; onClose(): void }) {
  const query = useFormVersion(slug, formId, version);
  const draft = useMemo(() => (query.data ? draftFrom(query.data.definition) : null), [query.data]);
  if (query.isPending) return <Skeleton className="h-96 w-full" aria-label={`Loading version ${version}`} />;
  if (query.isError) return <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  return (
    <div className="grid gap-6">
      <Alert variant="info">
        <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
          <span>
            You are looking at version {version} from {new Date(query.data.createdAt).toLocaleString()}. It cannot be changed.
          </span>
          <Button type="button" size="sm" variant="outline" onClick={onClose}>
            Back to the current version
          </Button>
        </AlertDescription>
      </Alert>
      {draft ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          <FormEditor draft={draft} onChange={() => undefined} problems={[]} keyFixed readOnly />
          <FormPreview definition={toStored(draft)} />
        </div>
      ) : null}
    </div>
  );
}
