import type { TokenUsage } from "./model-adapter";
import type { RunUsage, StoreAdapter } from "./store-adapter";

/** Effective tokens one request may spend when the agent names no budget: enough for real work, a stop for a runaway loop. */
export const DEFAULT_REQUEST_BUDGET = 1_000_000;

/**
 * The one rule for effective tokens (Fuseforks' count): uncached input × 1 + cache reads × 0.1 +
 * output × 4. Adapters count cached input in `tokens_in`, so the uncached input is `tokens_in`
 * minus the cache reads; cache writes stay in it and count as uncached input.
 */
export function effectiveTokens(usage: TokenUsage): number {
  const cacheReads = Math.min(usage.cache_read_tokens ?? 0, usage.tokens_in);
  return Math.round(usage.tokens_in - cacheReads + cacheReads * 0.1 + usage.tokens_out * 4);
}

/** The sentence a person sees when a request stopped at its budget: what was spent and how to go on. */
export const budgetSentence = (spent: number, budget: number) =>
  `This request stopped after using ${spent.toLocaleString("en-US")} effective tokens, over this agent's budget of ` +
  `${budget.toLocaleString("en-US")}. Reply "continue" to go on, or ask an admin to raise the budget in Agent settings.`;

/**
 * What one request (one run id) has used, kept on the run in the store so a continuation in
 * another process counts on from it. A subagent's meter has its parent request's as `parent`:
 * its tokens count there too, and it stops when either budget is crossed.
 */
export class RequestMeter {
  private totals: RunUsage;

  constructor(
    private readonly store: StoreAdapter,
    readonly runId: string,
    readonly budget: number,
    totals: RunUsage,
    private readonly parent?: RequestMeter,
  ) {
    this.totals = { ...totals };
  }

  /** Model steps of this run so far (what `maxIterations` counts). */
  get steps(): number {
    return this.totals.model_steps;
  }

  /** Records a step and what it (or a failed attempt) spent, here and in the parent request. */
  async charge(usage: RunUsage): Promise<void> {
    if (usage.model_steps === 0 && usage.effective_tokens === 0) return;
    // Counted here before the store's write: one meter per run in a process, so concurrent charges (parallel subagents) all add up.
    this.totals = {
      model_steps: this.totals.model_steps + usage.model_steps,
      effective_tokens: this.totals.effective_tokens + usage.effective_tokens,
    };
    await this.store.addRunUsage(this.runId, usage);
    if (this.parent && usage.effective_tokens > 0) await this.parent.charge({ model_steps: 0, effective_tokens: usage.effective_tokens });
  }

  /** The budget that was crossed (this request's, or the parent's), or null while both hold. */
  exceeded(): { spent: number; budget: number } | null {
    if (this.totals.effective_tokens > this.budget) return { spent: this.totals.effective_tokens, budget: this.budget };
    return this.parent?.exceeded() ?? null;
  }
}
