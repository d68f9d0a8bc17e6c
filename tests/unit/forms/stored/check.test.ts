import { describe, expect, it } from "vitest";
import { checkStoredForm } from "@/lib/forms/stored";
import type { StoredFormInput } from "@/lib/forms/stored-form";
import { expenseClaimForm, supportRequestForm } from "@/prisma/demo-forms";

type Field = NonNullable<StoredFormInput["steps"][number]["fields"]>[number];
type Step = StoredFormInput["steps"][number];

/** A valid two-step form; each case changes one thing. */
function form(
  changes: { first?: Field[]; second?: Field[]; steps?: Step[]; checkpoints?: StoredFormInput["checkpoints"] } = {},
): StoredFormInput {
  return {
    id: "trip",
    name: "Trip",
    steps: changes.steps ?? [
      {
        id: "where",
        title: "Where",
        fields: changes.first ?? [
          { id: "mode", label: "Mode", type: "one_of", options: ["car", "rail"] },
          { id: "abroad", label: "Abroad", type: "yes_no" },
        ],
      },
      { id: "cost", title: "Cost", fields: changes.second ?? [{ id: "amount", label: "Amount", type: "money", currency: "EUR" }] },
    ],
    checkpoints: changes.checkpoints ?? [],
  };
}

/** The problems' paths (and the messages, for a failing assertion to show). */
function problemsOf(input: unknown) {
  const result = checkStoredForm(input);
  return result.ok ? [] : result.problems;
}
const pathsOf = (input: unknown) => problemsOf(input).map((problem) => problem.path);

const condField = (when: Field["when"]): Field => ({ id: "later", label: "Later", type: "text", when });

describe("checkStoredForm accepts", () => {
  it("the demo forms and the base form", () => {
    for (const input of [expenseClaimForm, supportRequestForm, form()]) expect(problemsOf(input)).toEqual([]);
  });

  it("every condition op on a field that fits it", () => {
    const ops: Field["when"][] = [
      { field: "mode", op: "is", value: "car" },
      { field: "mode", op: "is_not", value: "rail" },
      { field: "mode", op: "is_one_of", value: ["car", "rail"] },
      { field: "abroad", op: "is", value: true },
      { field: "amount", op: "gt", value: 1 },
      { field: "amount", op: "gte", value: 1 },
      { field: "amount", op: "lt", value: 1 },
      { field: "amount", op: "lte", value: 1 },
      { field: "amount", op: "is", value: 12.5 },
      { field: "mode", op: "is_set" },
      { field: "abroad", op: "is_not_set" },
    ];
    for (const when of ops)
      expect(problemsOf(form({ second: [{ id: "amount", label: "Amount", type: "money", currency: "EUR" }, condField(when)] }))).toEqual(
        [],
      );
  });

  it("applies the schema's defaults", () => {
    const result = checkStoredForm(form());
    expect(result.ok && result.form.steps[0].fields[0].required).toBe(true);
    expect(result.ok && result.form.description).toBe("");
  });
});

describe("checkStoredForm refuses, naming the place", () => {
  it("schema issues, with bracketed paths", () => {
    expect(pathsOf({ ...form(), id: "Bad Id" })).toEqual(["id"]);
    expect(pathsOf(form({ second: [{ id: "amount", label: "", type: "money", currency: "EUR" }] }))).toEqual(["steps[1].fields[0].label"]);
    expect(pathsOf(form({ second: [{ id: "amount", label: "A", type: "colour" as "text" }] }))).toEqual(["steps[1].fields[0].type"]);
    expect(pathsOf({ ...form(), extra: true })).toEqual([""]);
    expect(pathsOf("not a form")).toEqual([""]);
    expect(pathsOf({ ...form(), steps: [] })).toEqual(["steps"]);
  });

  it("field ids that repeat, also after lower-casing and stripping - and _", () => {
    const clash = pathsOf(
      form({
        second: [
          { id: "a-b_c", label: "A", type: "text" },
          { id: "abc", label: "B", type: "text" },
        ],
      }),
    );
    expect(clash).toEqual(["steps[1].fields[1].id"]);
    expect(pathsOf(form({ second: [{ id: "mode", label: "Again", type: "text" }] }))).toEqual(["steps[1].fields[0].id"]);
    expect(problemsOf(form({ second: [{ id: "mode", label: "Again", type: "text" }] }))[0].message).toContain("steps[0].fields[0]");
  });

  it("step ids that repeat", () => {
    const steps: Step[] = [
      { id: "a", title: "A", fields: [{ id: "x", label: "X", type: "text" }] },
      { id: "a", title: "A again", fields: [{ id: "y", label: "Y", type: "text" }] },
    ];
    expect(pathsOf(form({ steps }))).toEqual(["steps[1].id"]);
  });

  it("options: missing, repeated, or on a type that takes none", () => {
    expect(pathsOf(form({ second: [{ id: "pick", label: "Pick", type: "one_of" }] }))).toEqual(["steps[1].fields[0].options"]);
    expect(pathsOf(form({ second: [{ id: "pick", label: "Pick", type: "several_of", options: [] }] }))).toEqual([
      "steps[1].fields[0].options",
    ]);
    expect(pathsOf(form({ second: [{ id: "pick", label: "Pick", type: "one_of", options: ["a", "b", "A"] }] }))).toEqual([
      "steps[1].fields[0].options[2]",
    ]);
    expect(pathsOf(form({ second: [{ id: "t", label: "T", type: "text", options: ["a"] }] }))).toEqual(["steps[1].fields[0].options"]);
    const tooMany = Array.from({ length: 51 }, (_, index) => `o${index}`);
    expect(pathsOf(form({ second: [{ id: "pick", label: "Pick", type: "one_of", options: tooMany }] }))).toEqual([
      "steps[1].fields[0].options",
    ]);
  });

  it("money without a currency, a currency on another type", () => {
    expect(pathsOf(form({ second: [{ id: "amount", label: "Amount", type: "money" }] }))).toEqual(["steps[1].fields[0].currency"]);
    expect(pathsOf(form({ second: [{ id: "n", label: "N", type: "number", currency: "EUR" }] }))).toEqual(["steps[1].fields[0].currency"]);
  });

  it("limits that do not fit the type", () => {
    const at = (field: Field) => pathsOf(form({ second: [field] }));
    expect(at({ id: "t", label: "T", type: "text", limits: { min: 1 } })).toEqual(["steps[1].fields[0].limits.min"]);
    expect(at({ id: "n", label: "N", type: "integer", limits: { maxLength: 3 } })).toEqual(["steps[1].fields[0].limits.maxLength"]);
    expect(at({ id: "n", label: "N", type: "number", limits: { pattern: "\\d" } })).toEqual(["steps[1].fields[0].limits.pattern"]);
    expect(at({ id: "d", label: "D", type: "date", limits: { max: 3 } })).toEqual(["steps[1].fields[0].limits.max"]);
    expect(at({ id: "y", label: "Y", type: "yes_no", limits: { minLength: 1 } })).toEqual(["steps[1].fields[0].limits.minLength"]);
    expect(at({ id: "o", label: "O", type: "one_of", options: ["a"], limits: { minItems: 1 } })).toEqual([
      "steps[1].fields[0].limits.minItems",
    ]);
    expect(at({ id: "s", label: "S", type: "several_of", options: ["a"], limits: { min: 1 } })).toEqual(["steps[1].fields[0].limits.min"]);
  });

  it("limits whose minimum is above their maximum", () => {
    const at = (field: Field) => pathsOf(form({ second: [field] }));
    expect(at({ id: "n", label: "N", type: "number", limits: { min: 5, max: 1 } })).toEqual(["steps[1].fields[0].limits.min"]);
    expect(at({ id: "t", label: "T", type: "text", limits: { minLength: 5, maxLength: 2 } })).toEqual([
      "steps[1].fields[0].limits.minLength",
    ]);
    expect(at({ id: "s", label: "S", type: "several_of", options: ["a", "b", "c"], limits: { minItems: 3, maxItems: 2 } })).toEqual([
      "steps[1].fields[0].limits.minItems",
    ]);
    expect(at({ id: "s", label: "S", type: "several_of", options: ["a", "b"], limits: { minItems: 3 } })).toEqual([
      "steps[1].fields[0].limits.minItems",
    ]);
  });

  it("patterns that do not compile or are absurdly long, and a message without a pattern", () => {
    const at = (limits: Field["limits"]) => pathsOf(form({ second: [{ id: "t", label: "T", type: "text", limits }] }));
    expect(at({ pattern: "([a-z" })).toEqual(["steps[1].fields[0].limits.pattern"]);
    expect(at({ pattern: "a".repeat(201) })).toEqual(["steps[1].fields[0].limits.pattern"]);
    expect(at({ patternMessage: "Use the format" })).toEqual(["steps[1].fields[0].limits.patternMessage"]);
    expect(at({ pattern: "^[A-Z]+$", patternMessage: "Capitals only." })).toEqual([]);
  });

  it("patterns run on RE2: back-references and look-arounds are refused; nested repeats are fine (matching is linear)", () => {
    const at = (pattern: string) => pathsOf(form({ second: [{ id: "t", label: "T", type: "text", limits: { pattern } }] }));
    for (const refused of ["(x)\\1", "^(?=a)a$", "^a(?!b)"]) expect(at(refused), refused).toEqual(["steps[1].fields[0].limits.pattern"]);
    for (const fine of ["^[A-Z]{2}-\\d{4}$", "^(AB|CD)-\\d+$", "^(a+)+$", "^\\d*\\d*\\d*x$"]) expect(at(fine), fine).toEqual([]);
  });

  it("a condition on a field that is not before it", () => {
    const selfOrLater: Field[] = [
      { id: "x", label: "X", type: "text", when: { field: "y", op: "is_set" } },
      { id: "y", label: "Y", type: "text" },
    ];
    expect(pathsOf(form({ second: selfOrLater }))).toEqual(["steps[1].fields[0].when.field"]);
    expect(problemsOf(form({ second: selfOrLater }))[0].message).toContain("comes after");
    expect(pathsOf(form({ second: [{ id: "x", label: "X", type: "text", when: { field: "x", op: "is_set" } }] }))).toEqual([
      "steps[1].fields[0].when.field",
    ]);
    expect(pathsOf(form({ second: [condField({ field: "nowhere", op: "is_set" })] }))).toEqual(["steps[1].fields[0].when.field"]);
  });

  it("a step's condition on a field of its own step or a later one", () => {
    const steps: Step[] = [
      { id: "a", title: "A", when: { field: "x", op: "is_set" }, fields: [{ id: "x", label: "X", type: "text" }] },
      { id: "b", title: "B", when: { field: "y", op: "is_set" }, fields: [{ id: "y", label: "Y", type: "text" }] },
      { id: "c", title: "C", when: { field: "x", op: "is_set" }, fields: [{ id: "z", label: "Z", type: "text" }] },
    ];
    expect(pathsOf(form({ steps }))).toEqual(["steps[0].when.field", "steps[1].when.field"]);
  });

  it("a condition's value that the field cannot hold", () => {
    const at = (when: Field["when"]) =>
      pathsOf(form({ second: [{ id: "amount", label: "Amount", type: "money", currency: "EUR" }, condField(when)] }));
    expect(at({ field: "mode", op: "is", value: "bike" })).toEqual(["steps[1].fields[1].when.value"]);
    expect(at({ field: "mode", op: "is_one_of", value: ["car", "bike"] })).toEqual(["steps[1].fields[1].when.value[1]"]);
    expect(at({ field: "amount", op: "is", value: "12" })).toEqual(["steps[1].fields[1].when.value"]);
    expect(at({ field: "abroad", op: "is_not", value: "yes" })).toEqual(["steps[1].fields[1].when.value"]);
    expect(at({ field: "mode", op: "gt", value: 1 })).toEqual(["steps[1].fields[1].when.op"]);
  });

  it("values of whole numbers, text and dates", () => {
    const first: Field[] = [
      { id: "n", label: "N", type: "integer" },
      { id: "t", label: "T", type: "text" },
      { id: "d", label: "D", type: "date" },
    ];
    const at = (when: Field["when"]) => pathsOf(form({ first, second: [condField(when)] }));
    expect(at({ field: "n", op: "is", value: 1.5 })).toEqual(["steps[1].fields[0].when.value"]);
    expect(at({ field: "t", op: "is", value: 3 })).toEqual(["steps[1].fields[0].when.value"]);
    expect(at({ field: "d", op: "is", value: "March" })).toEqual(["steps[1].fields[0].when.value"]);
    expect(at({ field: "d", op: "is", value: "2026-03-01" })).toEqual([]);
  });

  it("a confirmation step with fields, or not last", () => {
    const withFields: Step[] = [
      { id: "a", title: "A", fields: [{ id: "x", label: "X", type: "text" }] },
      { id: "c", title: "C", confirmation: true, fields: [{ id: "y", label: "Y", type: "text" }] },
    ];
    expect(pathsOf(form({ steps: withFields }))).toEqual(["steps[1].fields"]);
    const notLast: Step[] = [
      { id: "c", title: "C", confirmation: true },
      { id: "a", title: "A", fields: [{ id: "x", label: "X", type: "text" }] },
    ];
    expect(pathsOf(form({ steps: notLast }))).toEqual(["steps[0].confirmation"]);
  });

  it("a form without any field", () => {
    expect(
      pathsOf(
        form({
          steps: [
            { id: "a", title: "A" },
            { id: "c", title: "C", confirmation: true },
          ],
        }),
      ),
    ).toEqual(["steps"]);
  });

  it("checkpoints on unknown fields, with numeric ops on other fields, or repeated ids", () => {
    const approval = { title: "Approve" };
    expect(pathsOf(form({ checkpoints: [{ id: "k", when: { field: "nope", op: "gt", value: 1 }, approval }] }))).toEqual([
      "checkpoints[0].when.field",
    ]);
    expect(pathsOf(form({ checkpoints: [{ id: "k", when: { field: "mode", op: "gt", value: 1 }, approval }] }))).toEqual([
      "checkpoints[0].when.op",
    ]);
    expect(
      pathsOf(
        form({
          checkpoints: [
            { id: "k", when: { field: "amount", op: "gt", value: 1 }, approval },
            { id: "k", when: { field: "mode", op: "is", value: "car" }, approval },
          ],
        }),
      ),
    ).toEqual(["checkpoints[1].id"]);
    expect(pathsOf(form({ checkpoints: [{ id: "k", when: { field: "amount", op: "gt", value: 500 }, approval }] }))).toEqual([]);
  });
});
