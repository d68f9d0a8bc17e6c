import { describe, expect, it } from "vitest";
import { crossesThreshold, reachedThresholds } from "@/lib/server/billing/thresholds";
import { usageWarningEmail } from "@/lib/server/billing/usage-warning-email";
import { PLANS, UNLIMITED } from "@/lib/server/billing/plans";

const usage = (messages: number, tokens: number, apiRequests: number) => ({ messages, tokens, apiRequests, warned: new Set<string>() });

describe("reachedThresholds", () => {
  it("reaches a threshold at exactly its share of the limit, not one short", () => {
    const free = PLANS.free.limits;
    expect(reachedThresholds(usage(239, 799_999, 799), free)).toEqual([]);
    expect(reachedThresholds(usage(240, 800_000, 800), free)).toEqual([
      { metric: "messages", percent: 80, used: 240, limit: 300 },
      { metric: "tokens", percent: 80, used: 800_000, limit: 1_000_000 },
      { metric: "api_requests", percent: 80, used: 800, limit: 1_000 },
    ]);
    expect(reachedThresholds(usage(300, 0, 0), free).map((reached) => reached.percent)).toEqual([80, 100]);
  });

  it("on Pro, tokens are compared with the allowance and with the hard cap; on Free, whose cap is its allowance, once", () => {
    const pro = reachedThresholds(usage(0, 160_000_000, 0), PLANS.pro.limits, PLANS.pro.tokensHardCap);
    expect(pro.map(({ percent, limit }) => [percent, limit])).toEqual([
      [80, 20_000_000],
      [100, 20_000_000],
      [80, 200_000_000],
    ]);
    expect(reachedThresholds(usage(0, 1_000_000, 0), PLANS.free.limits, PLANS.free.tokensHardCap)).toHaveLength(2);
  });

  it("crossesThreshold: only the count that reaches 80% or 100% starts a check", () => {
    expect([799, 800, 801, 999, 1_000].map((used) => crossesThreshold(used, 1_000))).toEqual([false, true, false, false, true]);
    expect(crossesThreshold(5, Number.POSITIVE_INFINITY)).toBe(false);
  });

  it("has nothing to reach without a limit", () => {
    expect(reachedThresholds(usage(10 ** 9, 10 ** 12, 10 ** 9), UNLIMITED)).toEqual([]);
  });
});

describe("usageWarningEmail", () => {
  const facts = {
    organizationName: "Acme",
    ownerName: "Ada",
    used: 800_000,
    limit: 1_000_000,
    month: new Date("2031-12-01T00:00:00.000Z"),
    usageUrl: "/acme/settings/usage",
  } as const;

  it("says what was used, of what, what happens at the limit and where to look", () => {
    const email = usageWarningEmail({ ...facts, metric: "tokens", percent: 80, plan: "free" });
    expect(email.subject).toBe("Acme has used 80% of this month's model tokens");
    expect(email.body).toContain("Acme has used 800,000 of the 1,000,000 model tokens its Free plan includes for December 2031 (80%).");
    expect(email.body).toContain(
      "Nothing has changed yet. Once the limit is reached, new runs of the agent are refused until January 1, and an answer already being written is finished. Upgrading to Pro on the billing page raises the limit.",
    );
    expect(email.body).toContain("/acme/settings/usage");
    expect(email.body).toContain("Usage starts again from zero on January 1.");
  });

  it("on Pro, tokens past the allowance are billed, not refused", () => {
    const email = usageWarningEmail({ ...facts, metric: "tokens", percent: 100, plan: "pro", used: 20_000_000, limit: 20_000_000 });
    expect(email.subject).toBe("Acme has used all of this month's model tokens");
    expect(email.body).toContain(
      "Tokens above the 20,000,000 included are billed per token with the next invoice, up to 200,000,000 tokens this month.",
    );
    expect(email.body).not.toContain("Upgrading");
  });

  it("API requests are refused with a 402 at the limit", () => {
    const email = usageWarningEmail({ ...facts, metric: "api_requests", percent: 100, plan: "pro", used: 200_000, limit: 200_000 });
    expect(email.body).toContain("API requests are refused (HTTP 402) until January 1.");
  });

  it("Pro's hard cap: says the agent stops answering at the cap", () => {
    const email = usageWarningEmail({ ...facts, metric: "tokens", percent: 100, plan: "pro", used: 200_000_000, limit: 200_000_000 });
    expect(email.subject).toBe("Acme has used 100% of this month's model tokens cap: the agent stops answering");
    expect(email.body).toContain("200,000,000 model tokens its Pro plan allows at most");
    expect(email.body).toContain("the agent stops answering");
  });
});
