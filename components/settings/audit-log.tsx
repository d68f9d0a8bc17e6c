"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { apiFetch } from "@/lib/client/api";
import type { AuditPage } from "@/lib/schemas/team";

const ACTION_LABEL: Record<string, string> = {
  "user.signed_up": "Signed up",
  "user.signed_in": "Signed in",
  "user.sign_in_failed": "Failed sign-in",
  "organization.created": "Created the organization",
  "organization.renamed": "Renamed the organization",
  "invite.created": "Invited",
  "invite.revoked": "Revoked an invite",
  "invite.accepted": "Accepted an invite",
  "member.role_changed": "Changed a role",
  "member.removed": "Removed a member",
  "member.left": "Left",
  // ── Conversations and the agent's settings (lib/db/conversations.ts, lib/db/agent-settings.ts) ──
  "conversation.renamed": "Renamed someone's conversation",
  "conversation.deleted": "Deleted a conversation",
  "share.created": "Shared a conversation by link",
  "share.revoked": "Revoked a share link",
  "share.copied": "Copied a shared conversation",
  "agent_settings.updated": "Changed the agent's settings",
  "organization.export_started": "Started an export of the organization",
  "organization.export_downloaded": "Downloaded an export of the organization",
  // ── end of conversations and agent settings ──
  // ── Retention and undo delete (lib/db/retention.ts, lib/db/retention-settings.ts) ──
  "conversation.restored": "Restored a deleted conversation",
  "conversations.purged": "Deleted conversations for good (retention)",
  "organization.retention_changed": "Changed how long conversations are kept",
  // ── end of retention ──
  "permission.allowed_once": "Allowed a tool once",
  "permission.allowed_input_always": "Always allowed a tool input",
  "permission.allowed_tool_always": "Always allowed a tool (every input)",
  "permission.requested": "Asked an admin to allow a tool for everyone",
  "permission.request_approved": "Approved a request to allow a tool for everyone",
  "permission.request_declined": "Declined a request to allow a tool for everyone",
  "permission.denied": "Denied a tool",
  "permission.denied_always": "Never allowed a tool",
  "permission.revoked": "Revoked a permission grant or denial",
  "api_key.created": "Created an API key",
  "api_key.revoked": "Revoked an API key",
  // ── Inbound webhook endpoints (lib/db/inbound-endpoints.ts) ──
  "inbound_endpoint.created": "Created an inbound webhook endpoint",
  "inbound_endpoint.updated": "Changed an inbound webhook endpoint",
  "inbound_endpoint.secret_rotated": "Rotated an inbound webhook secret",
  "inbound_endpoint.deleted": "Deleted an inbound webhook endpoint",

  "inbox.item.cancelled": "Cancelled an inbox item",
  // ── Forms a team defines (lib/db/form-definitions.ts) ──
  "form.created": "Created a form",
  "form.updated": "Saved a new version of a form",
  "form.archived": "Archived a form",
  "form.imported": "Imported a form",
  // ── Outbound webhook endpoints (lib/db/webhook-endpoints.ts) ──
  "webhook.created": "Added a webhook endpoint",
  "webhook.updated": "Changed a webhook endpoint",
  "webhook.deleted": "Deleted a webhook endpoint",
  "webhook.secret_rotated": "Rotated a webhook signing secret",
  // ── MCP connectors (lib/db/connectors.ts) ──
  "connector.created": "Added a connector",
  "connector.updated": "Changed a connector",
  "connector.deleted": "Deleted a connector",
  "connector.tool_enabled": "Enabled or changed a connector tool",
  "connector.tool_disabled": "Disabled a connector tool",
  "connector.credential_set": "Connected their account to a connector",
  "connector.credential_removed": "Disconnected their account from a connector",

  // ── HTTP tools a team defines (lib/db/http-tools.ts) ──
  "http_tool.created": "Added an HTTP tool",
  "http_tool.updated": "Changed an HTTP tool",
  "http_tool.deleted": "Deleted an HTTP tool",
  "http_tool_secret.created": "Added an HTTP tool secret",
  "http_tool_secret.replaced": "Replaced an HTTP tool secret",
  "http_tool_secret.deleted": "Deleted an HTTP tool secret",
};

/**
 * The vocabulary is `<subject>.<past-tense verb>` (api_key.created, webhook.deleted, ... later): an
 * action without a label shows as its name, so a new one is readable before it gets one here.
 */
const SETTINGS_FIELD_LABEL: Record<string, string> = {
  name: "name",
  systemPrompt: "system prompt",
  modelConfig: "model",
  enabledTools: "tools",
  enabledForms: "forms",
  permissionPolicy: "tool policy",
  slotTtlMinutes: "card expiry",
  requestTokenBudget: "request budget",
  providerApiKey: "provider key",
};

/** What changed, in words, for the actions whose metadata says more than the target. */
function entryDetails(action: string, metadata: unknown): string | null {
  const data = (metadata ?? {}) as Record<string, unknown>;
  if (action === "agent_settings.updated" && Array.isArray(data.changed)) {
    const fields = data.changed.map((field) => SETTINGS_FIELD_LABEL[String(field)] ?? String(field));
    const parts = [fields.length ? `Changed: ${fields.join(", ")}` : "Saved without changes"];
    if (data.provider) parts.push(`model ${String(data.provider)}${data.model ? ` / ${String(data.model)}` : ""}`);
    if (data.providerKey === "set" || data.providerKey === "cleared") parts.push(`provider key ${String(data.providerKey)}`);
    return parts.join("; ");
  }
  if (action === "conversation.deleted" && typeof data.title === "string") return `“${data.title}”`;
  if (action === "conversation.restored" && typeof data.title === "string") return `“${data.title}”`;
  if (action === "conversations.purged" && typeof data.count === "number")
    return `${data.count} conversation${data.count === 1 ? "" : "s"}`;
  if (action === "organization.retention_changed") {
    const days = (value: unknown) => (typeof value === "number" ? `${value} days` : "forever");
    return `${days(data.from)} → ${days(data.to)}`;
  }
  if (action === "conversation.renamed" && typeof data.to === "string") return `“${String(data.from)}” → “${data.to}”`;
  return null;
}

export function AuditLog({ slug }: { slug: string }) {
  const query = useInfiniteQuery({
    queryKey: ["org", slug, "audit"],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiFetch<AuditPage>(`/api/orgs/${slug}/audit${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`),
    getNextPageParam: (last) => last.nextCursor,
  });
  if (query.isPending) return <Skeleton className="h-48 w-full" aria-label="Loading the audit log" />;
  if (query.isError) return <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  const entries = query.data.pages.flatMap((p) => p.entries);
  if (entries.length === 0)
    return (
      <EmptyState
        title="Nothing recorded yet"
        description="Sign-ins, invites, role changes, agent settings changes and deleted conversations appear here."
      />
    );
  return (
    <div className="grid gap-3">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>When</TableHead>
            <TableHead>Who</TableHead>
            <TableHead>What</TableHead>
            <TableHead>Target</TableHead>
            <TableHead>IP</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell className="whitespace-nowrap">{new Date(entry.createdAt).toLocaleString()}</TableCell>
              <TableCell>{entry.actor?.name ?? "System"}</TableCell>
              <TableCell>{ACTION_LABEL[entry.action] ?? entry.action}</TableCell>
              <TableCell className="max-w-56 truncate">{entryDetails(entry.action, entry.metadata) ?? entry.target}</TableCell>
              <TableCell className="font-mono text-xs">{entry.ip}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {query.hasNextPage ? (
        <Button variant="outline" className="justify-self-center" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? "Loading…" : "Load older entries"}
        </Button>
      ) : null}
    </div>
  );
}
