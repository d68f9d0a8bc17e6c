import type { ConversationStats } from "@/lib/schemas/conversation";
import { cn } from "@/lib/utils";
import { contextShare, type ContextLevel } from "./token-usage-level";

const format = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(n >= 100_000 ? 0 : 1)}k` : n.toLocaleString());

export const LEVEL_STYLE: Record<ContextLevel, string> = {
  normal: "text-muted-foreground",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  alert: "bg-destructive/10 font-medium text-destructive",
};

const LEVEL_SENTENCE: Record<ContextLevel, string> = {
  normal: "",
  warning: " The context is filling up.",
  alert: " The context is nearly full: older messages will soon be summarized to make room.",
};

/**
 * Tokens this conversation used and how full the model's context window was on the last call
 * (warning style from 75 %, alert from 90 %), with the breakdown: drawn in the conversation's
 * details (conversation-details.tsx), not in the header.
 */
export function TokenUsage({ stats }: { stats: ConversationStats }) {
  const total = stats.tokens_in + stats.tokens_out;
  const share = contextShare(stats);
  const level = share?.level ?? "normal";
  const windowText =
    share && stats.context_window
      ? ` That is ${share.percent}% of the model's ${stats.context_window.toLocaleString()}-token context window.${LEVEL_SENTENCE[level]}`
      : "";
  return (
    <div className="grid gap-1" data-context-level={share ? level : undefined}>
      <p className={cn("w-fit rounded-md px-1.5 py-0.5 text-sm tabular-nums", LEVEL_STYLE[level])}>
        {format(total)} tokens{share ? ` · ${share.percent}% of context` : ""}
      </p>
      <p className="text-xs text-muted-foreground">
        {stats.tokens_in.toLocaleString()} in, {stats.tokens_out.toLocaleString()} out, {stats.cache_read_tokens.toLocaleString()} read from
        cache; the last call saw {stats.context_tokens.toLocaleString()} tokens of context.{windowText}
      </p>
    </div>
  );
}
