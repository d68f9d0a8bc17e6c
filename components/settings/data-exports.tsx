"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { apiFetch, errorMessage } from "@/lib/client/api";
import type { OrganizationExportView } from "@/lib/schemas/conversation-export";

/** How often the list is asked again while an export is queued or running. */
const POLL_MS = 1_000;

const busy = (item: OrganizationExportView) => item.status === "queued" || item.status === "running";

/** Settings → Data, admins: start an export of every conversation, watch its progress, download it. */
export function DataExports({ slug }: { slug: string }) {
  const client = useQueryClient();
  const key = ["org", slug, "exports"];
  const list = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<{ exports: OrganizationExportView[] }>(`/api/orgs/${slug}/exports`),
    refetchInterval: (query) => (query.state.data?.exports.some(busy) ? POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: () => apiFetch<{ export: OrganizationExportView }>(`/api/orgs/${slug}/exports`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
    onError: (error) => toast.error(errorMessage(error, "The export could not be started. Try again.")),
  });
  const running = list.data?.exports.some(busy) ?? false;
  return (
    <section aria-labelledby="data-exports-heading" className="grid gap-3">
      <h3 id="data-exports-heading" className="text-base font-semibold">
        Export the organization
      </h3>
      <p className="text-sm text-muted-foreground">
        Every conversation of this organization as one file (JSON lines, one conversation per line), made in the background. Downloads stay
        available for 7 days.
      </p>
      <div>
        <Button onClick={() => start.mutate()} disabled={start.isPending || running}>
          {running ? "Export running…" : "Start an export"}
        </Button>
      </div>
      {list.isPending ? <Skeleton className="h-10 w-full" /> : null}
      {list.isError ? (
        <LoadError message={errorMessage(list.error, "The exports could not be loaded.")} onRetry={() => list.refetch()} />
      ) : null}
      <ul className="grid gap-2" aria-label="Exports">
        {list.data?.exports.map((item) => (
          <ExportRow key={item.id} slug={slug} item={item} />
        ))}
      </ul>
    </section>
  );
}

function ExportRow({ slug, item }: { slug: string; item: OrganizationExportView }) {
  const started = new Date(item.createdAt).toLocaleString();
  const percent =
    item.conversationsTotal === 0
      ? item.status === "done"
        ? 100
        : 0
      : Math.round((100 * item.conversationsDone) / item.conversationsTotal);
  return (
    <li className="grid gap-1.5 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          Started {started}
          {item.createdBy ? ` by ${item.createdBy.name || item.createdBy.email}` : ""}
        </span>
        {item.status === "done" ? (
          <Button asChild size="sm" variant="outline">
            <a href={`/api/orgs/${slug}/exports/${item.id}/download`} download>
              <DownloadIcon aria-hidden /> Download ({formatBytes(item.byteSize)})
            </a>
          </Button>
        ) : null}
      </div>
      {busy(item) ? (
        <div
          role="progressbar"
          aria-label="Export progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      <span className="text-muted-foreground">
        {item.status === "failed"
          ? (item.error ?? "The export failed.")
          : `${item.conversationsDone} of ${item.conversationsTotal} conversations${item.status === "queued" ? " (waiting to start)" : item.status === "done" ? ", done" : ""}`}
      </span>
    </li>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
