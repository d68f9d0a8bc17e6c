"use client";

import { TimerIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/** "Temporary" beside the new chat's composer: the conversation it starts is never listed or kept (docs/retention.md). */
export function TemporaryToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      title="A temporary chat is not in the sidebar or search, and is deleted when you leave it or after 24 hours."
      className={cn(
        "inline-flex items-center gap-1.5 justify-self-start rounded-full border px-3 py-1 text-xs focus-visible:outline-2 focus-visible:outline-ring",
        checked ? "border-primary bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-accent",
      )}
    >
      <TimerIcon aria-hidden className="size-3.5" /> Temporary
    </button>
  );
}
