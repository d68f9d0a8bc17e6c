"use client";

import { useId } from "react";
import { InfoIcon } from "lucide-react";
import type { ConversationStats } from "@/lib/schemas/conversation";
import { useConversationModel } from "@/lib/client/use-conversation-model";
import { cn } from "@/lib/utils";
import { contextShare } from "./token-usage-level";
import { LEVEL_STYLE, TokenUsage } from "./token-usage";

/**
 * The header's details control: which model answers and the tokens used, behind one small button
 * (a native popover: light dismiss and Escape for free). The button takes the context level's colour,
 * so a filling context is still seen without opening it.
 */
export function ConversationDetails({
  conversationId,
  stats,
  usingDemoModel,
}: {
  conversationId: string;
  stats: ConversationStats | null;
  usingDemoModel: boolean;
}) {
  const id = useId();
  const model = useConversationModel(conversationId);
  const level = (stats && contextShare(stats)?.level) ?? "normal";
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        aria-label="Conversation details"
        data-context-level={level}
        className={cn("rounded-md p-1.5 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring", LEVEL_STYLE[level])}
      >
        <InfoIcon aria-hidden className="size-4" />
      </button>
      <div
        id={id}
        popover="auto"
        role="dialog"
        aria-label="Conversation details"
        className="fixed inset-auto top-14 right-2 m-0 w-72 max-w-[calc(100vw-1rem)] rounded-md border bg-popover p-3 text-popover-foreground shadow-md"
      >
        <dl className="grid gap-3 text-sm">
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium text-muted-foreground">Model</dt>
            <dd>{usingDemoModel ? "The offline demo model" : (model.data?.model ?? "The agent's model")}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium text-muted-foreground">Usage</dt>
            <dd>{stats ? <TokenUsage stats={stats} /> : "No tokens used yet."}</dd>
          </div>
        </dl>
      </div>
    </>
  );
}
