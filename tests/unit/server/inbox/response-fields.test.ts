import { describe, expect, it } from "vitest";
import { buildAnswer, responseFields } from "@/components/inbox/response-fields";

describe("the answer form generated from a response schema", () => {
  it("maps each property to its control, required ones marked", () => {
    const fields = responseFields({
      type: "object",
      required: ["approved", "amount"],
      properties: {
        approved: { type: "boolean", title: "Approved?" },
        amount: { type: "number", description: "In euros" },
        count: { type: "integer" },
        note: { type: "string", maxLength: 120 },
        reasoning: { type: "string", maxLength: 2000 },
        plain: { type: "string" },
        level: { type: "string", enum: ["low", "high"] },
        tags: { type: "array", items: { type: "string" } },
        nested: { type: "object" },
      },
    });
    expect(fields).toEqual([
      { kind: "boolean", name: "approved", label: "Approved?", required: true },
      { kind: "number", name: "amount", label: "amount", required: true, description: "In euros", integer: false },
      { kind: "number", name: "count", label: "count", required: false, integer: true },
      { kind: "text", name: "note", label: "note", required: false, multiline: false, maxLength: 120 },
      { kind: "text", name: "reasoning", label: "reasoning", required: false, multiline: true, maxLength: 2000 },
      { kind: "text", name: "plain", label: "plain", required: false, multiline: false },
      { kind: "enum", name: "level", label: "level", required: false, options: ["low", "high"] },
      { kind: "json", name: "tags", label: "tags", required: false },
      { kind: "json", name: "nested", label: "nested", required: false },
    ]);
  });

  it("no form (a text answer) without an object schema with properties", () => {
    expect(responseFields(null)).toBeNull();
    expect(responseFields({ type: "string" })).toBeNull();
    expect(responseFields({ type: "object" })).toBeNull();
  });

  it("builds the answer from the inputs: typed values, empty fields left out, unreadable ones refused at their field", () => {
    const fields = responseFields({
      type: "object",
      properties: {
        approved: { type: "boolean" },
        amount: { type: "number" },
        level: { enum: ["low", 2] },
        note: { type: "string" },
        tags: { type: "array" },
      },
    })!;
    expect(buildAnswer(fields, { approved: "no", amount: "12.5", level: "1", note: "", tags: '["a"]' })).toEqual({
      ok: true,
      value: { approved: false, amount: 12.5, level: 2, tags: ["a"] },
    });
    expect(buildAnswer(fields, { approved: "yes" })).toEqual({ ok: true, value: { approved: true } });
    expect(buildAnswer(fields, { amount: "twelve", tags: "[" })).toEqual({
      ok: false,
      issues: [
        { path: "response.amount", message: "must be a number" },
        { path: "response.tags", message: "must be valid JSON" },
      ],
    });
  });
});
