"use client";

import { useState } from "react";
import Link from "next/link";
import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { formsApi } from "@/lib/client/forms/forms-api";
import { useFormDetail } from "@/lib/client/forms/use-forms";
import { ArchiveFormButton } from "./archive-form-button";
import { FormBuilder } from "./form-builder";
import { FormVersionView } from "./form-version-view";
import { VersionsPanel } from "./versions-panel";

/** A saved form: its builder, versions (older ones read-only), export, archive and its submissions' link. */
export function FormDetailPage({ slug, formId }: { slug: string; formId: string }) {
  const query = useFormDetail(slug, formId);
  const [openVersion, setOpenVersion] = useState<number | null>(null);
  if (query.isPending) return <Skeleton className="h-[32rem] w-full" aria-label="Loading the form" />;
  if (query.isError) return <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  const form = query.data;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>
          <span className="font-mono">{form.key}</span> · version {form.currentVersion}
          {form.archived ? " · archived" : ""}
        </span>
        <span aria-hidden className="text-muted-foreground">
          ·
        </span>
        <Link href={`/${slug}/forms/${form.id}/submissions`} className="underline underline-offset-4">
          {form.submissionCount === 1 ? "1 submission" : `${form.submissionCount} submissions`}
        </Link>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={formsApi.exportHref(slug, form.id)} download={`${form.key}.form.json`}>
              <DownloadIcon aria-hidden /> Export JSON
            </a>
          </Button>
          {form.archived ? null : <ArchiveFormButton slug={slug} formId={form.id} name={form.name} />}
        </div>
      </div>
      <VersionsPanel versions={form.versions} current={form.currentVersion} open={openVersion} onOpen={setOpenVersion} />
      {openVersion !== null ? (
        <FormVersionView slug={slug} formId={form.id} version={openVersion} onClose={() => setOpenVersion(null)} />
      ) : null}
      {/* Kept mounted (hidden) while an older version is open, so unsaved edits survive a look back. */}
      <div hidden={openVersion !== null}>
        <FormBuilder slug={slug} saved={form} />
      </div>
    </div>
  );
}
