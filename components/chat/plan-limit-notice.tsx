"use client";

import Link from "next/link";
import { XIcon } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import { upgradeLabel, type PlanLimitRefusal } from "@/lib/client/plan-limit";

/**
 * The plan's limit, said where the message was refused: the server's sentence (which limit, when it
 * resets), and for owners the link to upgrade. The words typed stay in the box below it.
 */
export function PlanLimitNotice({ refusal, onDismiss }: { refusal: PlanLimitRefusal; onDismiss: () => void }) {
  const path = refusal.details.upgrade_path;
  return (
    <Alert variant="destructive" data-testid="plan-limit-notice" className="flex items-start gap-2">
      <AlertDescription className="flex-1">
        <p>{refusal.message}</p>
        {path ? (
          <Link href={path} className={buttonVariants({ variant: "outline", size: "sm", className: "mt-2" })}>
            {upgradeLabel(refusal.details)}
          </Link>
        ) : null}
      </AlertDescription>
      <Button type="button" variant="ghost" size="icon-sm" aria-label="Dismiss" onClick={onDismiss}>
        <XIcon aria-hidden />
      </Button>
    </Alert>
  );
}
