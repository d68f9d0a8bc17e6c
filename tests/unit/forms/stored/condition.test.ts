import { describe, expect, it } from "vitest";
import { compileCondition } from "@/lib/forms/stored/condition";
import type { StoredCondition } from "@/lib/forms/stored-form";

const when = (condition: StoredCondition) => compileCondition(condition);

describe("compileCondition", () => {
  it("is / is_not compare the value, and is_not waits for an answer", () => {
    expect(when({ field: "mode", op: "is", value: "car" })({ mode: "car" })).toBe(true);
    expect(when({ field: "mode", op: "is", value: "car" })({ mode: "rail" })).toBe(false);
    expect(when({ field: "mode", op: "is_not", value: "car" })({ mode: "rail" })).toBe(true);
    expect(when({ field: "mode", op: "is_not", value: "car" })({ mode: "car" })).toBe(false);
    expect(when({ field: "mode", op: "is_not", value: "car" })({})).toBe(false);
    expect(when({ field: "ok", op: "is", value: false })({ ok: false })).toBe(true);
    expect(when({ field: "n", op: "is", value: 2 })({ n: 2 })).toBe(true);
  });

  it("is_one_of matches any listed value", () => {
    const condition = when({ field: "mode", op: "is_one_of", value: ["rail", "air"] });
    expect([condition({ mode: "rail" }), condition({ mode: "air" }), condition({ mode: "car" }), condition({})]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("on a several_of list, is means contains", () => {
    expect(when({ field: "tags", op: "is", value: "b" })({ tags: ["a", "b"] })).toBe(true);
    expect(when({ field: "tags", op: "is_not", value: "b" })({ tags: ["a"] })).toBe(true);
    expect(when({ field: "tags", op: "is_one_of", value: ["c", "d"] })({ tags: ["a", "b"] })).toBe(false);
  });

  it("gt / gte / lt / lte compare numbers only", () => {
    const at = (op: "gt" | "gte" | "lt" | "lte", amount: unknown) => when({ field: "amount", op, value: 500 })({ amount });
    expect([at("gt", 501), at("gt", 500), at("gte", 500), at("gte", 499)]).toEqual([true, false, true, false]);
    expect([at("lt", 499), at("lt", 500), at("lte", 500), at("lte", 501)]).toEqual([true, false, true, false]);
    expect([at("gt", "600"), at("lt", undefined)]).toEqual([false, false]);
  });

  it("is_set / is_not_set treat empty answers as unset", () => {
    const set = when({ field: "x", op: "is_set" });
    const unset = when({ field: "x", op: "is_not_set" });
    for (const value of [undefined, null, "", []]) expect([set({ x: value }), unset({ x: value })]).toEqual([false, true]);
    for (const value of ["a", 0, false, ["a"]]) expect([set({ x: value }), unset({ x: value })]).toEqual([true, false]);
  });
});
