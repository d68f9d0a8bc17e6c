"use client";

import { humanize } from "@/components/renderers/describe-value";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { PermissionRequest } from "@/lib/schemas/permissions";
import { inputOf, personName } from "./permission-format";
import { RequestDecisionButtons } from "./request-decision-buttons";

const STATUS: Record<PermissionRequest["status"], string> = { pending: "Pending", approved: "Approved", declined: "Declined" };

/** Members' requests to allow a tool for everyone: admins approve or decline; a member sees their own. */
export function PermissionRequests({ slug, requests, canAdmin }: { slug: string; requests: PermissionRequest[]; canAdmin: boolean }) {
  const pending = requests.filter((request) => request.status === "pending").length;
  return (
    <section aria-labelledby="permission-requests-heading" className="grid gap-2">
      <h3 id="permission-requests-heading" className="font-medium">
        Requests to allow for everyone {pending > 0 ? <Badge variant="secondary">{`${pending} pending`}</Badge> : null}
      </h3>
      {requests.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {canAdmin
            ? "No requests. A member can ask, from a permission card, for a tool to be allowed for everyone."
            : "You have asked for nothing yet. From a permission card, you can ask an admin to allow a tool for everyone."}
        </p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Tool</TableHead>
              <TableHead>Input</TableHead>
              <TableHead>Asked by</TableHead>
              <TableHead>When</TableHead>
              <TableHead>Status</TableHead>
              {canAdmin ? <TableHead className="text-right">Actions</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {requests.map((request) => (
              <TableRow key={request.id}>
                <TableCell className="font-medium">{humanize(request.toolName)}</TableCell>
                <TableCell className="max-w-72">{inputOf(request)}</TableCell>
                <TableCell>{personName(request.requestedBy)}</TableCell>
                <TableCell className="whitespace-nowrap">{new Date(request.createdAt).toLocaleString()}</TableCell>
                <TableCell>
                  {STATUS[request.status]}
                  {request.decidedBy ? (
                    <span className="text-xs text-muted-foreground">{` by ${personName(request.decidedBy)}`}</span>
                  ) : null}
                </TableCell>
                {canAdmin ? (
                  <TableCell className="text-right">
                    {request.status === "pending" ? <RequestDecisionButtons slug={slug} request={request} className="justify-end" /> : null}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
