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
import { AUTH_MODE_LABELS, type ConnectorView, type CreateConnectorInput } from "@/lib/schemas/connectors";
import { ConnectDialog } from "./connectors-connect";
import { SignInButton } from "./connectors-sign-in";
import { CreateConnector } from "./connectors-create";
import { ConnectorTools, type ToolChange } from "./connectors-tools";

const showError = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "never");

/** The organization's MCP connectors: admins add, refresh and enable tools; everyone connects their own account where needed. */
export function Connectors({ slug, admin }: { slug: string; admin: boolean }) {
  const client = useQueryClient();
  const queryKey = ["org", slug, "connectors"];
  const base = `/api/orgs/${slug}/connectors`;
  const query = useQuery({ queryKey, queryFn: () => apiFetch<{ connectors: ConnectorView[] }>(base) });
  const refresh = () => client.invalidateQueries({ queryKey });
  const [deleting, setDeleting] = useState<ConnectorView | null>(null);

  const create = useMutation({
    mutationFn: (body: CreateConnectorInput) => apiFetch(base, { body }),
    onSuccess: () => {
      toast.success("Connector added.");
      return refresh();
    },
  });
  const refreshTools = useMutation({
    mutationFn: (id: string) => apiFetch<{ refresh: { ok: boolean; message: string | null } }>(`${base}/${id}/refresh`, { method: "POST" }),
    onSuccess: (answer) => {
      if (answer.refresh.ok) toast.success("Tool list refreshed.");
      else toast.error(`The tool list could not be fetched: ${answer.refresh.message}`);
      return refresh();
    },
    onError: showError("The tool list was not refreshed. Try again."),
  });
  const changeTool = useMutation({
    mutationFn: ({ id, change }: { id: string; change: ToolChange }) =>
      apiFetch(`${base}/${id}/tools/${encodeURIComponent(change.tool)}`, {
        method: "PATCH",
        body: {
          ...(change.enabled !== undefined && { enabled: change.enabled }),
          ...(change.requires_permission !== undefined && { requires_permission: change.requires_permission }),
        },
      }),
    onSuccess: refresh,
    onError: showError("The tool was not changed. Try again."),
  });
  const connect = useMutation({
    mutationFn: ({ id, token }: { id: string; token: string }) => apiFetch(`${base}/${id}/credential`, { method: "PUT", body: { token } }),
    onSuccess: () => {
      toast.success("Connected.");
      return refresh();
    },
  });
  const disconnect = useMutation({
    mutationFn: (id: string) => apiFetch(`${base}/${id}/credential`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success("Disconnected.");
      return refresh();
    },
    onError: showError("You were not disconnected. Try again."),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`${base}/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success("Connector deleted.");
      return refresh();
    },
    onError: showError("The connector was not deleted. Try again."),
  });

  return (
    <div className="grid gap-6">
      {admin && <CreateConnector onCreate={(input) => create.mutateAsync(input)} />}
      {query.isPending ? (
        <Skeleton className="h-32 w-full" aria-label="Loading connectors" />
      ) : query.isError ? (
        <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : query.data.connectors.length === 0 ? (
        <EmptyState
          title="No connectors yet"
          description={admin ? "Add an MCP server to let the agent use your team's systems." : "An admin can add MCP servers here."}
        />
      ) : (
        <ul className="grid gap-4" aria-label="Connectors">
          {query.data.connectors.map((connector) => (
            <li key={connector.id} className="grid gap-3 rounded-lg border p-4" aria-label={connector.title}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="grid gap-1">
                  <span className="font-medium">{connector.title}</span>
                  <code className="text-xs text-muted-foreground">{connector.name}</code>
                  <code className="break-all text-xs text-muted-foreground">{connector.url}</code>
                  <span className="text-sm text-muted-foreground">{AUTH_MODE_LABELS[connector.auth_mode]}</span>
                </div>
                <div className="flex gap-1">
                  {connector.auth_mode === "per_person" && (
                    <Badge variant={connector.connected ? "secondary" : "outline"}>
                      {connector.connected ? "Connected" : "Not connected"}
                    </Badge>
                  )}
                  {connector.last_error_at && (!connector.last_ok_at || connector.last_error_at > connector.last_ok_at) && (
                    <Badge variant="destructive">Failing</Badge>
                  )}
                </div>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" aria-label="Health">
                <dt className="text-muted-foreground">Last success</dt>
                <dd>{when(connector.last_ok_at)}</dd>
                <dt className="text-muted-foreground">Last error</dt>
                <dd>{connector.last_error ? `${when(connector.last_error_at)}: ${connector.last_error}` : "none"}</dd>
                <dt className="text-muted-foreground">Tools fetched</dt>
                <dd>{when(connector.tools_fetched_at)}</dd>
              </dl>
              <div className="flex flex-wrap gap-2">
                {connector.auth_mode === "per_person" &&
                  (connector.connected ? (
                    <Button size="sm" variant="outline" disabled={disconnect.isPending} onClick={() => disconnect.mutate(connector.id)}>
                      Disconnect
                    </Button>
                  ) : (
                    <>
                      <SignInButton
                        orgSlug={slug}
                        connectorId={connector.id}
                        title={connector.title}
                        onError={(message) => toast.error(message)}
                      />
                      <ConnectDialog title={connector.title} onConnect={(token) => connect.mutateAsync({ id: connector.id, token })} />
                    </>
                  ))}
                {admin && (
                  <>
                    <Button size="sm" variant="outline" disabled={refreshTools.isPending} onClick={() => refreshTools.mutate(connector.id)}>
                      {refreshTools.isPending && refreshTools.variables === connector.id ? "Refreshing…" : "Refresh tools"}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setDeleting(connector)}
                      aria-label={`Delete connector ${connector.title}`}
                    >
                      Delete
                    </Button>
                  </>
                )}
              </div>
              <ConnectorTools
                tools={connector.tools}
                admin={admin}
                pending={changeTool.isPending}
                onChange={(change) => changeTool.mutate({ id: connector.id, change })}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        request={
          deleting && {
            title: "Delete this connector?",
            description: `The agent loses ${deleting.title}'s tools, and everyone's connected tokens are deleted with it. This cannot be undone.`,
            action: "Delete the connector",
            pendingAction: "Deleting…",
            destructive: true,
            onConfirm: (done) => remove.mutate(deleting.id, { onSettled: done }),
          }
        }
      />
    </div>
  );
}
