"use client";

import { useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { versionOf } from "@/lib/client/branch-view";
import { cn } from "@/lib/utils";
import { useBranches } from "./branch-context";

const stepClass =
  "inline-flex size-6 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40 [&_svg]:size-3.5";

/** "‹ 2 / 3 ›" on a message that has other versions (an edit or a regenerate made them); nothing otherwise. */
export function BranchSwitcher({ messageId, align = "start" }: { messageId?: string; align?: "start" | "end" }) {
  const branches = useBranches();
  const [switching, setSwitching] = useState(false);
  const version = branches ? versionOf(branches.versions, messageId) : null;
  if (!branches || !version) return null;
  const { actions, idle } = branches;

  async function show(target: string | null) {
    if (!target) return;
    setSwitching(true);
    try {
      await actions.switchTo(target);
    } catch (error) {
      toast.error(errorMessage(error, "The other version could not be shown. Try again."));
    } finally {
      setSwitching(false);
    }
  }

  return (
    <div
      className={cn("mt-1 flex items-center gap-0.5 text-xs text-muted-foreground", align === "end" && "justify-end")}
      data-branch-switcher
      role="group"
      aria-label="Versions"
    >
      <button
        type="button"
        className={stepClass}
        aria-label="Previous version"
        disabled={!version.previous || switching || !idle}
        onClick={() => void show(version.previous)}
      >
        <ChevronLeftIcon aria-hidden />
      </button>
      <span aria-live="polite" data-branch-position>
        {version.index + 1} / {version.count}
      </span>
      <button
        type="button"
        className={stepClass}
        aria-label="Next version"
        disabled={!version.next || switching || !idle}
        onClick={() => void show(version.next)}
      >
        <ChevronRightIcon aria-hidden />
      </button>
    </div>
  );
}
