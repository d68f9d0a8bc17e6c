"use client";

import { roleLabel } from "@/components/shell/role-label";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useInvites, useOrgMutations } from "./use-org-api";

export function OpenInvites({ slug }: { slug: string }) {
  const invites = useInvites(slug);
  const { revoke } = useOrgMutations(slug);
  if (invites.isPending) return <p className="text-sm text-muted-foreground">Loading invites…</p>;
  if (invites.isError) return <LoadError message={invites.error.message} onRetry={() => invites.refetch()} retrying={invites.isFetching} />;
  if (invites.data.invites.length === 0) return <p className="text-sm text-muted-foreground">No open invites. Invite someone above.</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Expires</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invites.data.invites.map((invite) => (
          <TableRow key={invite.id}>
            <TableCell>{invite.email}</TableCell>
            <TableCell>{roleLabel[invite.role]}</TableCell>
            <TableCell>{new Date(invite.expiresAt).toLocaleDateString()}</TableCell>
            <TableCell className="text-right">
              <Button variant="ghost" size="sm" onClick={() => revoke.mutate(invite.id)} aria-label={`Revoke invite for ${invite.email}`}>
                Revoke
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
