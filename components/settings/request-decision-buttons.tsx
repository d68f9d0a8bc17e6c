"use client";

import { humanize } from "@/components/renderers/describe-value";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { PermissionRequest } from "@/lib/schemas/permissions";
import { useDecideRequest } from "./permission-queries";

/** Approve / Decline of a pending request to allow a tool for everyone: on Settings → Permissions and on the member's card. */
export function RequestDecisionButtons({ slug, request, className }: { slug: string; request: PermissionRequest; className?: string }) {
  const decide = useDecideRequest(slug);
  const tool = humanize(request.toolName);
  return (
    <div className={cn("flex flex-wrap gap-2", className)} role="group" aria-label="Request to allow for everyone">
      <Button
        size="sm"
        disabled={decide.isPending}
        onClick={() => decide.mutate({ id: request.id, decision: "approve" })}
        aria-label={`Approve ${tool} for everyone`}
      >
        Approve for everyone
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={decide.isPending}
        onClick={() => decide.mutate({ id: request.id, decision: "decline" })}
        aria-label={`Decline the request for ${tool}`}
      >
        Decline
      </Button>
    </div>
  );
}
