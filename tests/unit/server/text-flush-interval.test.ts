import { describe, expect, it } from "vitest";
import { textFlushIntervalMs } from "@/lib/server/events/text-flush-interval";

describe("text flush interval under load", () => {
  it("stays at 50 ms for up to 20 streaming conversations, then grows to 250 ms at 100", () => {
    expect([0, 1, 20].map(textFlushIntervalMs)).toEqual([50, 50, 50]);
    expect(textFlushIntervalMs(40)).toBe(100);
    expect([100, 400].map(textFlushIntervalMs)).toEqual([250, 250]);
  });
});
