import { describe, expect, it } from "vitest";
import { previewView } from "@/lib/client/forms/preview-view";
import type { StoredFormInput } from "@/lib/forms/stored-form";
import { formViewSchema } from "@/lib/forms/view";

const travel: StoredFormInput = {
  id: "travel-claim",
  name: "Travel claim",
  steps: [
    {
      id: "trip",
      title: "Trip",
      fields: [
        { id: "mode", label: "Mode", type: "one_of", options: ["car", "rail", "air"] },
        { id: "distance", label: "Distance", type: "integer", limits: { min: 1 }, when: { field: "mode", op: "is", value: "car" } },
        { id: "notes", label: "Notes", type: "long_text", required: false, hint: "Anything else." },
      ],
    },
    {
      id: "flight",
      title: "Flight",
      when: { field: "mode", op: "is_one_of", value: ["air"] },
      fields: [{ id: "airline", label: "Airline", type: "text" }],
    },
    { id: "confirm", title: "Confirm", confirmation: true },
  ],
};

const fieldOf = (form: StoredFormInput, id: string) =>
  previewView(form)
    .steps.flatMap((step) => step.fields)
    .find((field) => field.id === id)!;

const single = (field: Record<string, unknown>) =>
  fieldOf({ id: "f", name: "F", steps: [{ id: "s", title: "S", fields: [{ id: "x", label: "X", ...field } as never] }] }, "x");

describe("previewView: the builder's preview of a draft", () => {
  it("is a FormView the card accepts, open, with nothing answered", () => {
    const view = previewView(travel);
    expect(formViewSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({ formId: "travel-claim", name: "Travel claim", status: "open", awaiting: null, failures: [] });
    expect(view.steps.flatMap((step) => step.fields).every((field) => field.value === undefined)).toBe(true);
  });

  it("makes the first applicable step current and marks conditional steps not applicable, saying when they show", () => {
    const view = previewView(travel);
    expect(view.currentStepId).toBe("trip");
    expect(view.steps.map((step) => [step.id, step.state, step.applicable])).toEqual([
      ["trip", "current", true],
      ["flight", "skipped", false],
      ["confirm", "pending", true],
    ]);
    expect(view.steps[1].title).toBe("Flight (shown when Mode is one of air)");
    expect(view.steps[1].fields[0].applicable).toBe(false);
    expect(view.steps[2]).toMatchObject({ preview: true, fields: [] });
  });

  it("shows a field whose condition waits on an unset field as not applicable, with 'shown when' before its hint", () => {
    expect(fieldOf(travel, "distance")).toMatchObject({ applicable: false, hint: "Shown when Mode is car." });
    expect(fieldOf(travel, "notes")).toMatchObject({ applicable: true, hint: "Anything else.", required: false });
  });

  it("applies a condition that asks for an unanswered field", () => {
    const form: StoredFormInput = {
      ...travel,
      steps: [
        {
          id: "s",
          title: "S",
          fields: [
            { id: "a", label: "A", type: "text" },
            { id: "b", label: "B", type: "text", when: { field: "a", op: "is_not_set" } },
          ],
        },
      ],
    };
    expect(fieldOf(form, "b")).toMatchObject({ applicable: true });
    expect(fieldOf(form, "b").hint).toBeUndefined();
  });

  it("lists the applicable required fields as missing, and is complete only without any", () => {
    const view = previewView(travel);
    expect(view.missing).toEqual(["Mode"]);
    expect(view.complete).toBe(false);
    expect(
      previewView({
        id: "f",
        name: "F",
        steps: [{ id: "s", title: "S", fields: [{ id: "x", label: "X", type: "text", required: false }] }],
      }).complete,
    ).toBe(true);
  });

  it("names each type in plain words and picks the card's input", () => {
    expect(single({ type: "text", limits: { minLength: 2 } })).toMatchObject({ typeText: "text (min 2 chars)", input: { type: "text" } });
    expect(
      single({ type: "text", limits: { minLength: 2, maxLength: 8, pattern: "^[A-Z]", patternMessage: "Start with a capital" } }).typeText,
    ).toBe("text (min 2 chars, max 8 chars)");
    expect(single({ type: "long_text" })).toMatchObject({ typeText: "long text", input: { type: "textarea" } });
    expect(single({ type: "email" })).toMatchObject({ typeText: "email address", input: { type: "email" } });
    expect(single({ type: "phone" })).toMatchObject({ typeText: "phone number", input: { type: "tel" } });
    expect(single({ type: "url" })).toMatchObject({ typeText: "URL", input: { type: "url" } });
    expect(single({ type: "number", limits: { max: 10 } })).toMatchObject({ typeText: "number <= 10", input: { type: "number", max: 10 } });
    expect(single({ type: "integer", limits: { min: 1 } })).toMatchObject({ typeText: "integer >= 1", input: { type: "integer", min: 1 } });
    expect(single({ type: "integer", limits: { min: 1, max: 5 } }).typeText).toBe("integer >= 1, <= 5");
    expect(single({ type: "money", currency: "EUR" })).toMatchObject({
      typeText: "amount in EUR (number)",
      input: { type: "money", currency: "EUR" },
    });
    expect(single({ type: "date" })).toMatchObject({ typeText: "date (YYYY-MM-DD)", input: { type: "date" } });
    expect(single({ type: "yes_no" })).toMatchObject({ typeText: "true or false", input: { type: "boolean" } });
    expect(single({ type: "one_of", options: ["car", "rail", "air"] })).toMatchObject({
      typeText: "one of: car | rail | air",
      input: { type: "select", options: ["car", "rail", "air"] },
    });
    expect(single({ type: "several_of", options: ["a", "b"], limits: { minItems: 1 } })).toMatchObject({
      typeText: "list of: a | b (at least 1, at most 2)",
      input: { type: "multiselect", options: ["a", "b"] },
    });
  });

  it("keeps drawing a half-written draft (no options, no currency yet)", () => {
    expect(single({ type: "one_of" })).toMatchObject({ typeText: "one of: ", input: { type: "select", options: [] } });
    expect(single({ type: "money" }).typeText).toBe("amount in a currency");
  });
});
