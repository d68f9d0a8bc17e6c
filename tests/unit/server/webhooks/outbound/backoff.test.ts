import { describe, expect, it } from "vitest";
import { RETRY_CAP_MS, backoffBound, nextRetry } from "@/lib/server/webhooks/outbound/backoff";

const settings = { baseMs: 5_000, capMs: RETRY_CAP_MS, windowMs: 24 * 3_600_000 };
const created = new Date("2030-01-01T00:00:00Z");
const after = (ms: number) => new Date(created.getTime() + ms);

describe("webhook retry backoff", () => {
  it("doubles the bound from the base up to the one-hour cap", () => {
    expect([1, 2, 3, 4].map((attempt) => backoffBound(attempt, settings))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffBound(11, settings)).toBe(RETRY_CAP_MS);
    expect(backoffBound(500, settings)).toBe(RETRY_CAP_MS);
  });

  it("jitters fully: the delay is the random fraction of the bound, from 0 to just under it", () => {
    const at = (random: number, attempt = 3) => nextRetry(attempt, created, created, { ...settings, random: () => random });
    expect(at(0)).toEqual({ kind: "retry", at: created });
    expect(at(0.5)).toEqual({ kind: "retry", at: after(10_000) });
    expect(at(0.999_999)).toEqual({ kind: "retry", at: after(19_999) });
  });

  it("spreads real random delays over the whole range, never above the bound", () => {
    const delays = Array.from({ length: 2_000 }, () => {
      const decision = nextRetry(4, created, created, settings);
      if (decision.kind !== "retry") throw new Error("expected a retry");
      return decision.at.getTime() - created.getTime();
    });
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(40_000);
    expect(delays.filter((delay) => delay < 20_000).length).toBeGreaterThan(800);
    expect(delays.filter((delay) => delay >= 20_000).length).toBeGreaterThan(800);
  });

  it("places the last retry at the window's end, and gives up once the window is over", () => {
    const nearEnd = after(settings.windowMs - 1_000);
    expect(nextRetry(30, created, nearEnd, { ...settings, random: () => 0.9 })).toEqual({ kind: "retry", at: after(settings.windowMs) });
    expect(nextRetry(31, created, after(settings.windowMs), settings)).toEqual({ kind: "give_up" });
    expect(nextRetry(2, created, after(settings.windowMs + 1), settings)).toEqual({ kind: "give_up" });
  });
});
