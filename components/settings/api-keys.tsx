"use client";

import { useState } from "react";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { apiFetch, errorMessage } from "@/lib/client/api";
import type { ApiKeyScope, ApiKeyView, CreatedApiKey } from "@/lib/schemas/api-keys";
import { CreateApiKeyForm } from "./api-keys-create";

const when = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleString() : none);

function status(key: ApiKeyView): { label: string; variant: "secondary" | "destructive" | "outline" } {
  if (key.revokedAt) return { label: "Revoked", variant: "destructive" };
  if (key.expiresAt && new Date(key.expiresAt) <= new Date()) return { label: "Expired", variant: "outline" };
  return { label: "Active", variant: "secondary" };
}

/** The organization's API keys (admins only; the server checks): create, list, revoke. */
export function ApiKeys({ slug }: { slug: string }) {
  const client = useQueryClient();
  const queryKey = ["org", slug, "api-keys"];
  const query = useQuery({ queryKey, queryFn: () => apiFetch<{ keys: ApiKeyView[] }>(`/api/orgs/${slug}/api-keys`) });
  const refresh = () => client.invalidateQueries({ queryKey });
  const create = useMutation({
    mutationFn: (body: { name: string; scopes: ApiKeyScope[]; expiresAt: string | null }) =>
      apiFetch<CreatedApiKey>(`/api/orgs/${slug}/api-keys`, { body }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/orgs/${slug}/api-keys/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success("Key revoked. Requests with it now get 401.");
      return refresh();
    },
    onError: (error) => toast.error(errorMessage(error, "The key was not revoked. Try again.")),
  });
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        What a key can do, with a curl example for every endpoint: the{" "}
        <Link className="underline underline-offset-2" href="/docs/api">
          API reference
        </Link>
        .
      </p>
      <CreateApiKeyForm onCreate={(input) => create.mutateAsync(input)} pending={create.isPending} />
      {query.isPending ? (
        <Skeleton className="h-32 w-full" aria-label="Loading API keys" />
      ) : query.isError ? (
        <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : query.data.keys.length === 0 ? (
        <EmptyState title="No API keys yet" description="Create one above to let another system read this organization's inbox." />
      ) : (
        <Table aria-label="API keys">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Key</TableHead>
              <TableHead>Scopes</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Expires</TableHead>
              <TableHead>Last used</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {query.data.keys.map((key) => {
              const state = status(key);
              return (
                <TableRow key={key.id}>
                  <TableCell className="font-medium">{key.name}</TableCell>
                  <TableCell>
                    <code className="text-xs">{key.prefix}</code>
                  </TableCell>
                  <TableCell>
                    <ul className="flex flex-wrap gap-1">
                      {key.scopes.map((scope) => (
                        <li key={scope}>
                          <code className="text-xs">{scope}</code>
                        </li>
                      ))}
                    </ul>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {when(key.createdAt, "")}
                    <span className="block text-xs text-muted-foreground">
                      by {key.createdBy ? key.createdBy.name || key.createdBy.email : "Unknown"}
                    </span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{when(key.expiresAt, "Never")}</TableCell>
                  <TableCell className="whitespace-nowrap">{when(key.lastUsedAt, "Never")}</TableCell>
                  <TableCell>
                    <Badge variant={state.variant}>{state.label}</Badge>
                    {key.revokedAt && <span className="block text-xs text-muted-foreground">{when(key.revokedAt, "")}</span>}
                  </TableCell>
                  <TableCell className="text-right">
                    {!key.revokedAt && (
                      <Button variant="ghost" size="sm" onClick={() => setRevoking(key)} aria-label={`Revoke key ${key.name}`}>
                        Revoke
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        pending={revoke.isPending}
        onClose={() => setRevoking(null)}
        request={
          revoking && {
            title: `Revoke “${revoking.name}”?`,
            description: "Every request with this key gets 401 from now on. This cannot be undone.",
            action: "Revoke the key",
            pendingAction: "Revoking…",
            destructive: true,
            onConfirm: (done) => revoke.mutate(revoking.id, { onSettled: done }),
          }
        }
      />
    </div>
  );
}
