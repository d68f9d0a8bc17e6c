import { lazyPopup } from "@/components/ui/lazy-popup";
import type { ConversationStats } from "@/lib/schemas/conversation";

const TokenUsageTooltip = lazyPopup("tooltip", () => import("./token-usage-tooltip"));

const format = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(n >= 100_000 ? 0 : 1)}k` : n.toLocaleString());

/** Tokens this conversation used, with the breakdown on hover (the tooltip loads on intent) and for screen readers. */
export function TokenUsage({ stats }: { stats: ConversationStats }) {
  const total = stats.tokens_in + stats.tokens_out;
  const detail = `${stats.tokens_in.toLocaleString()} in, ${stats.tokens_out.toLocaleString()} out, ${stats.cache_read_tokens.toLocaleString()} read from cache; the last call saw ${stats.context_tokens.toLocaleString()} tokens of context.`;
  return (
    <TokenUsageTooltip
      detail={detail}
      trigger={
        <button
          type="button"
          className="rounded-md px-1.5 py-0.5 text-xs text-muted-foreground tabular-nums hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={`Token usage: ${total.toLocaleString()} tokens. ${detail}`}
        >
          {format(total)} tokens
        </button>
      }
    />
  );
}
