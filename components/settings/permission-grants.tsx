"use client";

import { useId, useState } from "react";
import { humanize } from "@/components/renderers/describe-value";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog, type ConfirmRequest } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { PermissionGrant } from "@/lib/schemas/permissions";
import { inputOf, personName } from "./permission-format";
import { PermissionRequests } from "./permission-requests";
import { usePermissions, useRevokeGrant } from "./permission-queries";

/** The filter's value for the records that cover everyone. */
const EVERYONE = "__everyone__";

/**
 * Settings → Permissions: pending requests, then the standing grants and denials grouped per tool,
 * filterable per person, each with Revoke behind a confirmation. Admins see everyone's; members
 * their own (the server filters and checks every revoke).
 */
export function PermissionGrants({ slug, orgName, canAdmin }: { slug: string; orgName: string; canAdmin: boolean }) {
  const filterId = useId();
  const [person, setPerson] = useState("");
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const query = usePermissions(slug);
  const revoke = useRevokeGrant(slug);
  if (query.isPending) return <Skeleton className="h-32 w-full" aria-label="Loading permissions" />;
  if (query.isError) return <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  const { grants, requests } = query.data;
  const covers = (grant: PermissionGrant) =>
    grant.scope === "organization" ? `Everyone in ${orgName}` : `Only ${personName(grant.coveredUser)}`;
  const people = [
    ...new Map(grants.flatMap((grant) => (grant.coveredUser ? [[grant.coveredUser.id, grant.coveredUser] as const] : []))).values(),
  ];
  const shown = grants.filter(
    (grant) => !person || (person === EVERYONE ? grant.scope === "organization" : grant.coveredUser?.id === person),
  );
  const tools = [...new Set(shown.map((grant) => grant.toolName))].sort();

  const askRevoke = (grant: PermissionGrant) =>
    setConfirm({
      title: `Revoke this ${grant.status === "denied" ? "denial" : "grant"} of ${humanize(grant.toolName)}?`,
      description: `${covers(grant)}. The next call of this tool shows its card again.`,
      action: "Revoke",
      pendingAction: "Revoking…",
      destructive: true,
      onConfirm: (done) => revoke.mutate(grant.id, { onSettled: done }),
    });

  return (
    <div className="grid gap-6">
      <PermissionRequests slug={slug} requests={requests} canAdmin={canAdmin} />
      <section aria-labelledby={`${filterId}-standing`} className="grid gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 id={`${filterId}-standing`} className="font-medium">
            Standing grants and denials
          </h3>
          {canAdmin && grants.length > 0 ? (
            <div className="grid gap-1">
              <Label htmlFor={filterId}>Person</Label>
              <select
                id={filterId}
                value={person}
                onChange={(event) => setPerson(event.target.value)}
                className="h-9 rounded-md border bg-background px-2 text-sm"
              >
                <option value="">Everyone’s</option>
                <option value={EVERYONE}>{`For everyone in ${orgName}`}</option>
                {people.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {personName(candidate)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
        {grants.length === 0 ? (
          <EmptyState
            title="No stored grants or denials"
            description="When someone answers a permission card with “Always allow” or “Never allow”, it appears here."
          />
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing stored for this person.</p>
        ) : (
          tools.map((tool) => (
            <section key={tool} aria-label={humanize(tool)} className="grid gap-1">
              <h4 className="text-sm font-semibold">{humanize(tool)}</h4>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Decision</TableHead>
                    <TableHead>Input</TableHead>
                    <TableHead>Covers</TableHead>
                    <TableHead>By</TableHead>
                    <TableHead>When</TableHead>
                    <TableHead className="text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {shown
                    .filter((grant) => grant.toolName === tool)
                    .map((grant) => (
                      <TableRow key={grant.id}>
                        <TableCell>
                          {grant.status === "denied" ? <Badge variant="destructive">Never allowed</Badge> : <Badge>Allowed</Badge>}
                          {grant.reason ? <span className="ml-2 text-xs text-muted-foreground">{grant.reason}</span> : null}
                        </TableCell>
                        <TableCell className="max-w-72">{inputOf(grant)}</TableCell>
                        <TableCell>{covers(grant)}</TableCell>
                        <TableCell>{personName(grant.grantedBy)}</TableCell>
                        <TableCell className="whitespace-nowrap">{new Date(grant.createdAt).toLocaleString()}</TableCell>
                        <TableCell className="text-right">
                          {grant.revocable ? (
                            <Button
                              variant="ghost"
                              size="sm"
                              onClick={() => askRevoke(grant)}
                              disabled={revoke.isPending}
                              aria-label={`Revoke ${humanize(grant.toolName)} ${grant.status === "denied" ? "denial" : "grant"}`}
                            >
                              Revoke
                            </Button>
                          ) : null}
                        </TableCell>
                      </TableRow>
                    ))}
                </TableBody>
              </Table>
            </section>
          ))
        )}
      </section>
      <ConfirmDialog request={confirm} pending={revoke.isPending} onClose={() => setConfirm(null)} />
    </div>
  );
}
