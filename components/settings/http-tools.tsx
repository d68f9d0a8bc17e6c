"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { apiFetch, errorMessage } from "@/lib/client/api";
import type { CreateHttpToolInput, HttpToolView } from "@/lib/schemas/http-tools";
import { HttpToolEditor } from "./http-tools-editor";
import { HttpToolSecrets } from "./http-tools-secrets";
import { HttpToolTry } from "./http-tools-try";

/** The organization's HTTP tools (admins only; the server checks): list, editor, "Try it", and the secrets they reference. */
export function HttpTools({ slug }: { slug: string }) {
  const client = useQueryClient();
  const queryKey = ["org", slug, "http-tools"];
  const query = useQuery({ queryKey, queryFn: () => apiFetch<{ tools: HttpToolView[] }>(`/api/orgs/${slug}/http-tools`) });
  const refresh = () => client.invalidateQueries({ queryKey });
  // null: no editor open; "new": a new tool; else the tool being edited.
  const [editing, setEditing] = useState<HttpToolView | "new" | null>(null);
  const [deleting, setDeleting] = useState<HttpToolView | null>(null);

  async function save(body: CreateHttpToolInput) {
    const target = editing === "new" || editing === null ? null : editing;
    await apiFetch(target ? `/api/orgs/${slug}/http-tools/${target.id}` : `/api/orgs/${slug}/http-tools`, {
      method: target ? "PATCH" : "POST",
      body,
    });
    toast.success(`Tool ${body.name} saved.`);
    setEditing(null);
    await refresh();
  }

  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/orgs/${slug}/http-tools/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success("Tool deleted.");
      return refresh();
    },
    onError: (error) => toast.error(errorMessage(error, "The tool was not deleted. Try again.")),
  });

  return (
    <div className="grid gap-6">
      {editing === null ? (
        <Button type="button" className="w-fit" onClick={() => setEditing("new")}>
          New tool
        </Button>
      ) : (
        <HttpToolEditor
          key={editing === "new" ? "new" : editing.id}
          tool={editing === "new" ? null : editing}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {query.isPending ? (
        <Skeleton className="h-32 w-full" aria-label="Loading HTTP tools" />
      ) : query.isError ? (
        <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : query.data.tools.length === 0 ? (
        <EmptyState
          title="No HTTP tools yet"
          description="Define one to let the agent call your own systems, behind an approval card by default."
        />
      ) : (
        <ul className="grid gap-4" aria-label="HTTP tools">
          {query.data.tools.map((tool) => (
            <li key={tool.id} className="grid gap-3 rounded-lg border p-4" aria-label={tool.name}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="grid gap-1">
                  <code className="text-sm font-medium">{tool.name}</code>
                  <span className="text-sm text-muted-foreground">{tool.description}</span>
                  <code className="break-all text-xs">
                    {tool.method} {tool.url_template}
                  </code>
                </div>
                <div className="flex gap-1">
                  <Badge variant={tool.enabled ? "secondary" : "outline"}>{tool.enabled ? "Enabled" : "Disabled"}</Badge>
                  <Badge variant="outline">{tool.requires_permission ? "Needs approval" : "Runs without approval"}</Badge>
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => setEditing(tool)}>
                  Edit
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(tool)} aria-label={`Delete tool ${tool.name}`}>
                  Delete
                </Button>
              </div>
              <details>
                <summary className="cursor-pointer text-sm font-medium">Try it</summary>
                <div className="mt-2">
                  <HttpToolTry slug={slug} tool={tool} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      <HttpToolSecrets slug={slug} />
      <ConfirmDialog
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        request={
          deleting && {
            title: `Delete ${deleting.name}?`,
            description: "The agent can no longer call it. Past calls stay in their conversations.",
            action: "Delete the tool",
            pendingAction: "Deleting…",
            destructive: true,
            onConfirm: (done) => remove.mutate(deleting.id, { onSettled: done }),
          }
        }
      />
    </div>
  );
}
