"use client";

import { useParams } from "next/navigation";
import { Skeleton } from "@/components/ui/skeleton";
import { usePermissions } from "@/components/settings/permission-queries";
import { RequestDecisionButtons } from "@/components/settings/request-decision-buttons";

/**
 * On a member's answered card that asked for everyone: an owner or admin approves or declines the
 * request right there (the same call as Settings → Permissions; the server checks the role).
 */
export function PermissionRequestReview({ slotId }: { slotId: string }) {
  const { orgSlug } = useParams<{ orgSlug: string }>();
  const query = usePermissions(orgSlug);
  if (query.isPending) return <Skeleton className="h-8 w-48" aria-label="Loading the request" />;
  if (query.isError) return <p className="text-destructive">The request could not be loaded. Open Settings → Permissions to decide it.</p>;
  const request = query.data.requests.find((candidate) => candidate.slotId === slotId);
  if (!request) return null;
  if (request.status !== "pending") {
    const who = request.decidedBy ? request.decidedBy.name || request.decidedBy.email : "an admin";
    return <p className="text-muted-foreground">{`The request was ${request.status} by ${who}.`}</p>;
  }
  return <RequestDecisionButtons slug={orgSlug} request={request} />;
}
