"use client";

import type { LoadedPopupProps } from "@/components/ui/lazy-popup";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

/** The token breakdown's tooltip, loaded by TokenUsage on intent. */
export default function TokenUsageTooltip({
  detail,
  trigger,
  triggerRef,
}: { detail: string; trigger: React.ReactElement } & LoadedPopupProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild ref={triggerRef}>
        {trigger}
      </TooltipTrigger>
      <TooltipContent>{detail}</TooltipContent>
    </Tooltip>
  );
}
