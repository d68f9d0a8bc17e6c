import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TokenUsage } from "@/components/chat/token-usage";
import { contextShare } from "@/components/chat/token-usage-level";
import type { ConversationStats } from "@/lib/schemas/conversation";

const stats = (context_tokens: number, context_window?: number): ConversationStats => ({
  tokens_in: 1000,
  tokens_out: 200,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
  context_tokens,
  ...(context_window !== undefined && { context_window }),
  turns: 3,
});

const draw = (s: ConversationStats) => renderToStaticMarkup(createElement(TokenUsage, { stats: s }));

describe("the usage meter's share of the context window", () => {
  it("warns from 75 % and alerts from 90 % of the model's window", () => {
    expect(contextShare(stats(74_999, 100_000))).toEqual({ percent: 74, level: "normal" });
    expect(contextShare(stats(75_000, 100_000))).toEqual({ percent: 75, level: "warning" });
    expect(contextShare(stats(89_999, 100_000))).toEqual({ percent: 89, level: "warning" });
    expect(contextShare(stats(90_000, 100_000))).toEqual({ percent: 90, level: "alert" });
  });

  it("measures nothing without a window or before the first call", () => {
    expect(contextShare(stats(5000))).toBeNull();
    expect(contextShare(stats(0, 100_000))).toBeNull();
  });

  it("draws the level and says it to screen readers", () => {
    const alert = draw(stats(180_000, 200_000));
    expect(alert).toContain('data-context-level="alert"');
    expect(alert).toContain("90% of context");
    expect(alert).toMatch(/90% of the model&#x27;s 200,000-token context window\. The context is nearly full/);

    const warning = draw(stats(160_000, 200_000));
    expect(warning).toContain('data-context-level="warning"');
    expect(warning).toMatch(/The context is filling up\./);

    const calm = draw(stats(10_000, 200_000));
    expect(calm).toContain('data-context-level="normal"');
    expect(calm).not.toContain("filling up");
  });

  it("without a window it shows the tokens alone", () => {
    const html = draw(stats(5000));
    expect(html).not.toContain("data-context-level");
    expect(html).not.toContain("% of context");
  });
});
