import { describe, expect, it } from "vitest";
import { checkResponseSchema, RESPONSE_SCHEMA_MAX_CHARS, responseIssues } from "@/lib/server/inbox/response-schema";

const approval = {
  type: "object",
  required: ["approved"],
  properties: {
    approved: { type: "boolean" },
    amount: { type: "number", minimum: 0 },
    lines: { type: "array", items: { type: "string" } },
  },
  additionalProperties: false,
};

describe("an inbox item's response schema", () => {
  it("accepts an answer that fits", () => {
    expect(responseIssues(approval, { approved: true, amount: 12.5, lines: ["a"] })).toBeNull();
  });

  it("names every bad field by its path under response", () => {
    const issues = responseIssues(approval, { amount: -1, lines: ["a", 2], extra: 1 });
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "response.approved", message: "is required" },
        { path: "response.amount", message: "must be >= 0" },
        { path: "response.lines.1", message: "must be string" },
        expect.objectContaining({ path: "response", message: expect.stringContaining("additional properties") }),
      ]),
    );
  });

  it("checks the answer itself when the schema is not an object's", () => {
    expect(responseIssues({ type: "string", enum: ["yes", "no"] }, "maybe")).toEqual([
      { path: "response", message: "must be equal to one of the allowed values" },
    ]);
  });

  it("refuses a schema that cannot be compiled or is too large, with a sentence for the agent", () => {
    expect(checkResponseSchema(approval)).toBeNull();
    expect(checkResponseSchema({ type: "no-such-type" })).toMatch(/type/);
    expect(checkResponseSchema({ type: "object", description: "x".repeat(RESPONSE_SCHEMA_MAX_CHARS) })).toMatch(/longer than/);
  });
});

describe("patterns and ids an agent writes", () => {
  // On the JavaScript engine the first answer backtracks for far longer than the test's time limit.
  it("runs patterns on RE2: a pattern that backtracks in JavaScript answers at once", () => {
    const schema = { type: "string", pattern: "^(a+)+$" };
    expect(responseIssues(schema, `${"a".repeat(40)}!`)).toEqual([{ path: "response", message: 'must match pattern "^(a+)+$"' }]);
    expect(responseIssues(schema, "aaaa")).toBeNull();
  });

  it("keeps each schema's $id to itself: the same schema compiles again, and another cannot reference it", () => {
    const named = { $id: "https://example.test/approval", type: "object", required: ["approved"] };
    expect(checkResponseSchema(named)).toBeNull();
    expect(checkResponseSchema({ ...named })).toBeNull();
    expect(checkResponseSchema({ $ref: "https://example.test/approval" })).not.toBeNull();
  });
});
