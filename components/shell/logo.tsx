import * as React from "react";
import { cn } from "@/lib/utils";

/** The Handoff mark: two arrows passing work back and forth. Decorative; the wordmark or a link label names it. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn("size-7 shrink-0", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M8 12.5h11.5l-3-3M24 19.5H12.5l3 3"
        fill="none"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-primary-foreground"
      />
    </svg>
  );
}

/** Mark + wordmark. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-base font-semibold tracking-tight", className)}>
      <LogoMark />
      Handoff
    </span>
  );
}
