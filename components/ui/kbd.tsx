import * as React from "react";
import { cn } from "@/lib/utils";

/** A keyboard key, e.g. `<Kbd>Enter</Kbd>`. */
export function Kbd({ className, ...props }: React.ComponentProps<"kbd">) {
  return (
    <kbd
      className={cn(
        "inline-flex h-5 min-w-5 items-center justify-center rounded border bg-muted px-1 font-mono text-[0.7rem] font-medium text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}
