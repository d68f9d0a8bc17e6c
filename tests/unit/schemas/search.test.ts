import { describe, expect, it } from "vitest";
import { MESSAGE_SEARCH_MAX } from "@/lib/client/limits";
import { SEARCH_MAX_OFFSET, SEARCH_MAX_QUERY, searchQuerySchema } from "@/lib/schemas/search";

describe("the search query", () => {
  it("is trimmed, 1 to 200 characters, the search page's limit", () => {
    expect(MESSAGE_SEARCH_MAX).toBe(SEARCH_MAX_QUERY);
    expect(searchQuerySchema.parse({ q: "  budget review " })).toEqual({ q: "budget review", offset: 0 });
    expect(searchQuerySchema.safeParse({ q: "a".repeat(200) }).success).toBe(true);
    expect(searchQuerySchema.safeParse({ q: "a".repeat(201) }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: "   " }).success).toBe(false);
    expect(searchQuerySchema.safeParse({}).success).toBe(false);
  });

  it("refuses control characters, which Postgres would refuse as a 500", () => {
    expect(searchQuerySchema.safeParse({ q: "bad\u0000word" }).success).toBe(false);
  });

  it("takes an offset from the query string, up to the cap", () => {
    expect(searchQuerySchema.parse({ q: "x", offset: "40" }).offset).toBe(40);
    expect(searchQuerySchema.safeParse({ q: "x", offset: String(SEARCH_MAX_OFFSET + 1) }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: "x", offset: "-1" }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: "x", offset: "1.5" }).success).toBe(false);
  });
});
