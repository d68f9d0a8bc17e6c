"use client";

import { lazy, Suspense, useMemo } from "react";
import type { GloveRenderers } from "@/lib/client/use-glove";
import { Skeleton } from "@/components/ui/skeleton";

// The cards (and zod, which validates them) load after the page: most conversations start without one.
const SlotCard = lazy(() => import("@/components/renderers/slot-card"));
const ToolResultView = lazy(() => import("@/components/renderers/tool-result-view"));

/** The renderer registry, as the functions `useGlove` draws cards and tool results with. */
export function useChatRenderers(conversationId: string, canAdmin: boolean, teamName: string): GloveRenderers {
  return useMemo(
    () => ({
      slot: (context) => (
        <Suspense key={context.slot.id} fallback={<Skeleton className="h-24 w-full" />}>
          <SlotCard context={context} conversationId={conversationId} canAdmin={canAdmin} teamName={teamName} />
        </Suspense>
      ),
      toolResult: (entry) =>
        entry.result?.renderData === undefined ? null : (
          <Suspense fallback={null}>
            <ToolResultView entry={entry} />
          </Suspense>
        ),
    }),
    [conversationId, canAdmin, teamName],
  );
}
