"use client";

import { useRouter } from "next/navigation";
import { roleLabel } from "@/components/shell/role-label";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import type { RoleName } from "@/lib/schemas/account";
import { NativeSelect } from "./native-select";
import { RoleOptions } from "./role-options";
import { useMembers, useOrgMutations, type Member } from "./use-org-api";

export function MembersTable({ slug }: { slug: string }) {
  const router = useRouter();
  const members = useMembers(slug);
  const { changeRole, remove } = useOrgMutations(slug);

  if (members.isPending) return <Skeleton className="h-32 w-full" aria-label="Loading members" />;
  if (members.isError) return <LoadError message={members.error.message} onRetry={() => members.refetch()} retrying={members.isFetching} />;

  const { you } = members.data;
  const canManage = (m: Member) => m.userId !== you.userId && (you.role === "owner" || (you.role === "admin" && m.role !== "owner"));

  async function onRemove(member: Member) {
    const leaving = member.userId === you.userId;
    const question = leaving
      ? "Leave this organization? You lose access to its conversations."
      : `Remove ${member.name} from this organization?`;
    if (!window.confirm(question)) return;
    try {
      await remove.mutateAsync(member.userId);
      if (leaving) {
        toast.success("You left the organization.");
        router.push("/app");
        router.refresh();
      } else {
        toast.success(`${member.name} was removed.`);
        await members.refetch();
      }
    } catch {
      // useOrgMutations already showed the reason.
    }
  }

  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.data.members.map((member) => (
          <TableRow key={member.userId} data-testid={`member-${member.email}`}>
            <TableCell className="font-medium">
              {member.name} {member.userId === you.userId ? <Badge variant="secondary">You</Badge> : null}
            </TableCell>
            <TableCell>{member.email}</TableCell>
            <TableCell>
              {canManage(member) ? (
                <NativeSelect
                  aria-label={`Role of ${member.name}`}
                  value={member.role}
                  disabled={changeRole.isPending}
                  onChange={(e) => changeRole.mutate({ userId: member.userId, role: e.target.value as RoleName })}
                >
                  <RoleOptions withOwner={you.role === "owner"} />
                </NativeSelect>
              ) : (
                <span>{roleLabel[member.role]}</span>
              )}
            </TableCell>
            <TableCell className="text-right">
              {member.userId === you.userId ? (
                <Button variant="outline" size="sm" onClick={() => onRemove(member)}>
                  Leave
                </Button>
              ) : canManage(member) ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive"
                  onClick={() => onRemove(member)}
                  aria-label={`Remove ${member.name}`}
                >
                  Remove
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
