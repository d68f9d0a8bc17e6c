import { describe, expect, it } from "vitest";
import { checkStoredForm, compileStoredForm } from "@/lib/forms/stored";
import type { FieldDefinition, FormDefinition } from "@/lib/forms/types";
import type { StoredFormInput } from "@/lib/forms/stored-form";
import { expenseClaimForm, supportRequestForm } from "@/prisma/demo-forms";

function compiled(input: StoredFormInput, version = 1): FormDefinition {
  const checked = checkStoredForm(input);
  if (!checked.ok) throw new Error(`not valid: ${JSON.stringify(checked.problems)}`);
  return compileStoredForm(checked.form, version);
}

/** One form with every field type, each with the limits its type takes. */
const everyType: StoredFormInput = {
  id: "every-type",
  name: "Every type",
  steps: [
    {
      id: "all",
      title: "All",
      fields: [
        {
          id: "code",
          label: "Code",
          type: "text",
          limits: { minLength: 2, maxLength: 8, pattern: "^[A-Z]{2}-\\d+$", patternMessage: "Use AB-123." },
        },
        { id: "story", label: "Story", type: "long_text", limits: { maxLength: 20 } },
        { id: "mail", label: "Mail", type: "email" },
        { id: "tel", label: "Phone", type: "phone" },
        { id: "site", label: "Site", type: "url" },
        { id: "ratio", label: "Ratio", type: "number", limits: { min: 0, max: 1 } },
        { id: "count", label: "Count", type: "integer", limits: { min: 1 } },
        { id: "price", label: "Price", type: "money", currency: "EUR", limits: { max: 1000 } },
        { id: "day", label: "Day", type: "date" },
        { id: "ok", label: "OK", type: "yes_no" },
        { id: "color", label: "Color", type: "one_of", options: ["red", "green"] },
        { id: "tags", label: "Tags", type: "several_of", options: ["a", "b", "c"], limits: { maxItems: 2 } },
        { id: "note", label: "Note", type: "text", required: false },
      ],
    },
  ],
};

const fieldsById = (definition: FormDefinition) =>
  new Map(definition.steps.flatMap((step) => step.fields).map((field) => [field.id, field]));
const accepts = (field: FieldDefinition | undefined, value: unknown) => field!.schema.safeParse(value).success;

describe("compileStoredForm: every field type", () => {
  const fields = fieldsById(compiled(everyType));
  const cases: Array<[string, unknown[], unknown[]]> = [
    ["code", ["AB-12", " CD-7 "], ["", "ab-12", "AB-123456", "A"]],
    ["story", ["Once upon", "x"], ["", "   ", "a".repeat(21)]],
    ["mail", ["a@example.com"], ["not-an-email", ""]],
    ["tel", ["+49 (30) 123-456", "0301234567"], ["12345", "call me maybe", "+".repeat(8), "1".repeat(21)]],
    ["site", ["https://example.com/r.pdf", "http://x.org"], ["ftp://example.com/r", "javascript:alert(1)", "example"]],
    ["ratio", [0, 0.5, 1], [-0.1, 1.1, "0.5"]],
    ["count", [1, 40], [0, 1.5, "2"]],
    ["price", [19.99, 0.1, 1000], [1.005, 1000.01, "19.99"]],
    ["day", ["2026-03-01"], ["2026-02-30", "01/03/2026", ""]],
    ["ok", [true, false], ["yes", 1]],
    ["color", ["red"], ["blue", "Red"]],
    ["tags", [["a"], ["a", "c"]], [[], ["d"], ["a", "b", "c"], "a"]],
    ["note", [undefined, "hi"], [""]],
  ];
  it.each(cases)("%s accepts good values and refuses bad ones", (id, good, bad) => {
    for (const value of good) expect(accepts(fields.get(id), value), `${id} should accept ${JSON.stringify(value)}`).toBe(true);
    for (const value of bad) expect(accepts(fields.get(id), value), `${id} should refuse ${JSON.stringify(value)}`).toBe(false);
  });

  it("required fields refuse undefined; optional ones are marked optional", () => {
    expect(accepts(fields.get("mail"), undefined)).toBe(false);
    expect(fields.get("mail")!.optional).toBe(false);
    expect(fields.get("note")!.optional).toBe(true);
  });

  it("the pattern's message is what a person reads", () => {
    const result = fields.get("code")!.schema.safeParse("zz");
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toContain("Use AB-123.");
  });

  it("each type gets its input and its type text", () => {
    expect(Object.fromEntries([...fields].map(([id, field]) => [id, field.input]))).toEqual({
      code: { type: "text" },
      story: { type: "textarea" },
      mail: { type: "email" },
      tel: { type: "tel" },
      site: { type: "url" },
      ratio: { type: "number", min: 0, max: 1 },
      count: { type: "integer", min: 1 },
      price: { type: "money", currency: "EUR" },
      day: { type: "date" },
      ok: { type: "boolean" },
      color: { type: "select", options: ["red", "green"] },
      tags: { type: "multiselect", options: ["a", "b", "c"] },
      note: { type: "text" },
    });
    expect(fields.get("count")!.typeText).toBe("integer >= 1");
    expect(fields.get("color")!.typeText).toBe("one of: red | green");
    expect(fields.get("tags")!.typeText).toBe("list of: a | b | c (at least 1, at most 2)");
    expect(fields.get("day")!.typeText).toBe("date (YYYY-MM-DD)");
  });

  it("a several_of that is optional accepts an empty list", () => {
    const form: StoredFormInput = {
      id: "opt",
      name: "Opt",
      steps: [{ id: "s", title: "S", fields: [{ id: "tags", label: "Tags", type: "several_of", options: ["a"], required: false }] }],
    };
    const tags = fieldsById(compiled(form)).get("tags");
    expect(accepts(tags, [])).toBe(true);
    expect(accepts(tags, undefined)).toBe(true);
  });
});

describe("compileStoredForm: the form", () => {
  it("builds steps, the confirmation step as a preview, the approval checkpoint and no migrations", () => {
    const definition = compiled(expenseClaimForm, 3);
    expect(definition).toMatchObject({ id: "expense-claim", version: 3, name: "Expense claim", migrations: [] });
    expect(definition.steps.map((step) => [step.id, step.preview])).toEqual([
      ["claim", false],
      ["travel", false],
      ["total", false],
      ["confirm", true],
    ]);
    expect(definition.steps[1].fields.map((field) => field.stepId)).toEqual(["travel", "travel", "travel", "travel"]);
    const [checkpoint] = definition.checkpoints;
    expect(checkpoint).toMatchObject({
      id: "over-limit",
      blocking: true,
      card: {
        kind: "approval",
        title: "Manager approval needed",
        body: "Claims over 500 EUR need an admin's approval.",
        approverRole: "admin",
      },
    });
    expect(checkpoint.run).toBeUndefined();
    expect(checkpoint.when({ amount: 500 })).toBe(false);
    expect(checkpoint.when({ amount: 500.01 })).toBe(true);
  });

  it("the car / rail / air branch changes which fields apply", () => {
    const fields = fieldsById(compiled(expenseClaimForm));
    const distance = fields.get("distance_km")!.when!;
    const ticket = fields.get("ticket_cost")!.when!;
    expect([distance({}), ticket({})]).toEqual([false, false]);
    expect([distance({ mode: "car" }), ticket({ mode: "car" })]).toEqual([true, false]);
    expect([distance({ mode: "rail" }), ticket({ mode: "rail" })]).toEqual([false, true]);
    expect([distance({ mode: "air" }), ticket({ mode: "air" })]).toEqual([false, true]);
    expect(fields.get("receipt_url")!.when).toBeUndefined();
  });

  it("the support request compiles with its limits", () => {
    const fields = fieldsById(compiled(supportRequestForm));
    expect(accepts(fields.get("description"), "too short")).toBe(false);
    expect(accepts(fields.get("description"), "It crashed on login.")).toBe(true);
    expect(accepts(fields.get("product"), "Mobile app")).toBe(true);
  });

  it("a step's condition becomes the step's when", () => {
    const definition = compiled({
      id: "gated",
      name: "Gated",
      steps: [
        { id: "a", title: "A", fields: [{ id: "abroad", label: "Abroad?", type: "yes_no" }] },
        {
          id: "b",
          title: "B",
          when: { field: "abroad", op: "is", value: true },
          fields: [{ id: "country", label: "Country", type: "text" }],
        },
      ],
    });
    expect(definition.steps[1].when!({ abroad: true })).toBe(true);
    expect(definition.steps[1].when!({ abroad: false })).toBe(false);
  });
});

describe("patterns", () => {
  it("a team's pattern is matched by RE2: a nested repeat that would backtrack in JavaScript answers at once", () => {
    const checked = checkStoredForm({
      id: "p",
      name: "P",
      steps: [
        {
          id: "s",
          title: "S",
          fields: [{ id: "code", label: "Code", type: "text", limits: { pattern: "^(a+)+$", patternMessage: "Only a's." } }],
        },
      ],
    });
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    const schema = compileStoredForm(checked.form, 1).steps[0].fields[0].schema;
    expect(schema.safeParse("aaaa").success).toBe(true);
    const refused = schema.safeParse(`${"a".repeat(5000)}b`);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(["Only a's."]);
  });
});
