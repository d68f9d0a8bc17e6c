import { RotateCcwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** Something could not be loaded: the reason, and a button that asks again (a query's `refetch`). */
export function LoadError({
  message,
  onRetry,
  retrying = false,
  className,
}: {
  message: string;
  onRetry: () => unknown;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div role="alert" className={cn("grid justify-items-start gap-2 text-sm", className)}>
      <p className="text-destructive">{message}</p>
      <Button type="button" size="sm" variant="outline" onClick={() => void onRetry()} disabled={retrying}>
        <RotateCcwIcon aria-hidden /> {retrying ? "Trying again…" : "Try again"}
      </Button>
    </div>
  );
}
