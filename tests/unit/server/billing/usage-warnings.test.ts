// The usage report's warnings at the edges of 80% and 100%, and the days a month's chart lists.
import { describe, expect, it } from "vitest";
import { usageRange, usageWarnings } from "@/lib/server/billing/usage-report";

const limits = { messages: 300, tokens: 1_000_000, seats: 3, apiRequests: 1_000, webhookEndpoints: 1, forms: 3 };

describe("usage warnings", () => {
  it("warn from exactly 80% and 100% of a monthly limit, with the highest threshold reached", () => {
    expect(usageWarnings({ messages: 239, tokens: 799_999, apiRequests: 0 }, limits)).toEqual([]);
    expect(usageWarnings({ messages: 240, tokens: 999_999, apiRequests: 1_000 }, limits)).toEqual([
      { metric: "messages", percent: 80 },
      { metric: "tokens", percent: 80 },
      { metric: "apiRequests", percent: 100 },
    ]);
    expect(usageWarnings({ messages: 301, tokens: 0, apiRequests: 0 }, limits)).toEqual([{ metric: "messages", percent: 100 }]);
  });

  it("never warn about a metric without a limit (billing off)", () => {
    const none = { messages: null, tokens: null, seats: null, apiRequests: null, webhookEndpoints: null, forms: null };
    expect(usageWarnings({ messages: 10 ** 9, tokens: 10 ** 12, apiRequests: 10 ** 9 }, none)).toEqual([]);
  });
});

describe("the month's days", () => {
  it("run to today in the current month and to the last day in a past one", () => {
    const now = new Date("2026-12-02T23:59:59.999Z");
    expect(usageRange(new Date("2026-12-01T00:00:00Z"), now)).toEqual({
      start: new Date("2026-12-01T00:00:00Z"),
      end: new Date("2027-01-01T00:00:00Z"),
      lastDay: new Date("2026-12-02T00:00:00Z"),
    });
    expect(usageRange(new Date("2026-02-01T00:00:00Z"), now).lastDay).toEqual(new Date("2026-02-28T00:00:00Z"));
  });
});
