import * as React from "react";
import { cn } from "@/lib/utils";

/** A loading placeholder. Hidden from screen readers: announce loading on the region instead (aria-busy). */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return <div aria-hidden className={cn("animate-pulse rounded-md bg-foreground/10", className)} {...props} />;
}
