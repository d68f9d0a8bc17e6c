"use client";

import { useMemo } from "react";
import { defaultRenderers } from "@/components/renderers/registry";
import { SlotCard } from "@/components/renderers/slot-card";
import type { RendererRegistry } from "@/components/renderers/types";
import type { GloveRenderers } from "@/lib/client/use-glove";

/** The registry, as the functions `useGlove` draws cards and tool results with. */
export function useChatRenderers(canAdmin: boolean, registry: RendererRegistry = defaultRenderers): GloveRenderers {
  return useMemo(
    () => ({
      slot: (context) => <SlotCard key={context.slot.id} context={context} registry={registry} canAdmin={canAdmin} />,
      toolResult: (entry) => {
        const renderer = registry[entry.call.tool_name];
        const renderData = entry.result?.renderData;
        return renderData !== undefined && renderer?.renderResult ? renderer.renderResult({ result: entry.result, value: renderData }) : null;
      },
    }),
    [canAdmin, registry],
  );
}
