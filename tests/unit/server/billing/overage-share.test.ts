// Each usage entry's share of the month's overage: the part of its tokens above the allowance.
import { describe, expect, it } from "vitest";
import { meterIdentifier, overageShare } from "@/lib/server/billing/overage-share";

describe("overageShare", () => {
  it("is nothing below the allowance and at it", () => {
    expect(overageShare(0, 100, 1000)).toBe(0);
    expect(overageShare(900, 100, 1000)).toBe(0);
  });

  it("is the part above the allowance for the entry that crosses it, and all of it after", () => {
    expect(overageShare(950, 100, 1000)).toBe(50);
    expect(overageShare(1050, 100, 1000)).toBe(100);
  });

  it("adds up to the month's usage above the allowance, whatever the entries", () => {
    const entries = [400, 300, 250, 125, 90, 60, 1];
    let before = 0;
    let total = 0;
    for (const tokens of entries) {
      total += overageShare(before, tokens, 1000);
      before += tokens;
    }
    expect(total).toBe(before - 1000);
  });

  it("names an entry the same way every time", () => {
    expect(meterIdentifier("org_1", 42n)).toBe("usage_org_1_42");
    expect(meterIdentifier("org_1", 42)).toBe(meterIdentifier("org_1", 42n));
  });
});
