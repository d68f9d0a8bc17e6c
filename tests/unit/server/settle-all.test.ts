import { describe, expect, it } from "vitest";
import { settleAll } from "@/lib/server/settle-all";

const later = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(value) : resolve(value)), ms));

describe("settleAll", () => {
  it("answers the values in order", async () => {
    expect(await settleAll([later(10, 1), later(1, "two")] as const)).toEqual([1, "two"]);
  });

  it("waits for every promise before it throws, and throws the first failure in the list", async () => {
    let slowDone = false;
    const slow = later(30, "slow").then((value) => {
      slowDone = true;
      return value;
    });
    await expect(settleAll([later(20, new Error("first"), true), later(1, new Error("second"), true), slow] as const)).rejects.toThrow(
      "first",
    );
    expect(slowDone).toBe(true);
  });
});
