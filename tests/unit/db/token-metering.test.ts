import { describe, expect, it } from "vitest";
import { meteredTokensOf } from "@/lib/db/token-metering";

const event = (data: unknown, type = "token_consumption") => ({ runId: "run-1", type, data });

describe("meteredTokensOf", () => {
  it("takes the token events of a batch, by their 1-based position, and nothing else", () => {
    const batch = [
      event({ text: "a" }, "text_delta"),
      event({ consumption: { tokens_in: 10, tokens_out: 2 }, model: "anthropic:claude" }),
      event({ run_id: "run-1" }, "run_completed"),
    ];
    expect(meteredTokensOf(batch)).toEqual([
      {
        ord: 2,
        eventKey: null,
        runId: "run-1",
        model: "anthropic:claude",
        tokensIn: 10,
        tokensOut: 2,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
      },
    ]);
    expect(meteredTokensOf([event({ text: "a" }, "text_delta")])).toEqual([]);
  });

  it("carries the recorder's key of each event, the entry's eventKey", () => {
    const keyed = { ...event({ consumption: { tokens_in: 1, tokens_out: 1 } }), key: "k-1" };
    expect(meteredTokensOf([keyed]).map((metered) => metered.eventKey)).toEqual(["k-1"]);
  });

  it("splits tokens_in, which includes the cached tokens, into four parts that add up to what the call used", () => {
    const [metered] = meteredTokensOf([
      event({ consumption: { tokens_in: 1000, tokens_out: 50, cache_read_tokens: 600, cache_write_tokens: 300 } }),
    ]);
    expect(metered).toMatchObject({ tokensIn: 100, tokensOut: 50, cacheReadTokens: 600, cacheWriteTokens: 300 });
    expect(metered.tokensIn + metered.tokensOut + metered.cacheReadTokens + metered.cacheWriteTokens).toBe(1050);
  });

  it("turns what a column cannot hold into a whole, bounded count instead of failing the batch", () => {
    const [odd, empty, huge] = meteredTokensOf([
      event({ consumption: { tokens_in: 2.4, tokens_out: -1, cache_read_tokens: "9" }, model: 7 }),
      event(null),
      event({ consumption: { tokens_in: 1e12, tokens_out: Number.POSITIVE_INFINITY } }),
    ]);
    expect(odd).toMatchObject({ tokensIn: 2, tokensOut: 0, cacheReadTokens: 0, model: null });
    expect(empty).toMatchObject({ tokensIn: 0, tokensOut: 0, cacheReadTokens: 0, cacheWriteTokens: 0, model: null });
    expect(huge).toMatchObject({ tokensIn: 2_147_483_647, tokensOut: 0 });
  });
});
