"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { humanize } from "@/components/renderers/describe-value";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { apiFetch, errorMessage } from "@/lib/client/api";

import type { PermissionGrant, Person } from "@/lib/schemas/team";

const personName = (person: Person | null) => (person ? person.name || person.email : "Unknown");

/** The stored "always allow" grants, with whom each covers, and Revoke (admins only; the server checks). */
export function PermissionGrants({ slug, orgName }: { slug: string; orgName: string }) {
  const client = useQueryClient();
  const key = ["org", slug, "permissions"];
  const query = useQuery({ queryKey: key, queryFn: () => apiFetch<{ grants: PermissionGrant[] }>(`/api/orgs/${slug}/permissions`) });
  const revoke = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/orgs/${slug}/permissions/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success("Grant revoked. The next call asks again.");
      return client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => toast.error(errorMessage(error, "The grant could not be revoked. Try again.")),
  });
  if (query.isPending) return <Skeleton className="h-32 w-full" aria-label="Loading permission grants" />;
  if (query.isError) return <LoadError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  const { grants } = query.data;
  if (grants.length === 0) {
    return (
      <EmptyState
        title="No stored grants"
        description="When someone answers a permission card with “Always allow”, the grant appears here."
      />
    );
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Tool</TableHead>
          <TableHead>Input</TableHead>
          <TableHead>Covers</TableHead>
          <TableHead>Granted by</TableHead>
          <TableHead>When</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {grants.map((grant) => (
          <TableRow key={grant.id}>
            <TableCell className="font-medium">{humanize(grant.toolName)}</TableCell>
            <TableCell className="max-w-72">
              {grant.allInputs ? "Every input" : <code className="break-all text-xs">{JSON.stringify(grant.input)}</code>}
            </TableCell>
            <TableCell>{grant.scope === "organization" ? `Everyone in ${orgName}` : `Only ${personName(grant.coveredUser)}`}</TableCell>
            <TableCell>{personName(grant.grantedBy)}</TableCell>
            <TableCell className="whitespace-nowrap">{new Date(grant.createdAt).toLocaleString()}</TableCell>
            <TableCell className="text-right">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => revoke.mutate(grant.id)}
                disabled={revoke.isPending}
                aria-label={`Revoke ${humanize(grant.toolName)} grant`}
              >
                Revoke
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
