import * as React from "react";
import { Loader2Icon } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * A spinning indicator with a screen-reader label. Pass `label={null}` when the surrounding
 * text already says what is happening (a "Saving…" button), so it is not read twice.
 */
export function Spinner({ className, label = "Loading", ...props }: Omit<React.ComponentProps<"svg">, "ref"> & { label?: string | null }) {
  const icon = <Loader2Icon aria-hidden className={cn("size-4 animate-spin", className)} {...props} />;
  if (label === null) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
