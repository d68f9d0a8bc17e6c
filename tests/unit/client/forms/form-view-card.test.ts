import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormViewCard } from "@/components/forms/form-view-card";
import type { FieldInputView, FormFieldView, FormView } from "@/lib/forms/view";

const field = (id: string, input: FieldInputView, extra: Partial<FormFieldView> = {}): FormFieldView => ({
  id,
  label: id,
  typeText: input.type,
  input,
  required: true,
  applicable: true,
  ...extra,
});

const view = (fields: FormFieldView[], extra: Partial<FormView> = {}): FormView => ({
  instanceId: "i1",
  formId: "claim",
  formVersion: 1,
  name: "Claim",
  status: "open",
  version: 3,
  currentStepId: "s",
  steps: [{ id: "s", title: "Step", preview: false, applicable: true, state: "current", fields }],
  missing: fields.map((f) => f.label),
  complete: false,
  awaiting: null,
  terminatedReason: null,
  failures: [],
  ...extra,
});

const render = (props: Parameters<typeof FormViewCard>[0]) => renderToStaticMarkup(createElement(FormViewCard, props));

describe("FormViewCard", () => {
  it("draws one labelled input per field type when editable", () => {
    const html = render({
      view: view([
        field("name", { type: "text" }),
        field("notes", { type: "textarea" }),
        field("email", { type: "email" }),
        field("phone", { type: "tel" }),
        field("site", { type: "url" }),
        field("when", { type: "date" }),
        field("count", { type: "integer", min: 1 }),
        field("amount", { type: "money", currency: "EUR" }),
        field("ok", { type: "boolean" }),
        field("mode", { type: "select", options: ["car", "rail"] }),
        field("extras", { type: "multiselect", options: ["wifi", "meal"] }),
      ]),
      editable: true,
      onEditField: () => undefined,
    });
    for (const type of ["email", "tel", "url", "date"]) expect(html).toContain(`type="${type}"`);
    expect(html).toMatch(/<textarea/);
    expect(html).toMatch(/type="number"[^>]*step="1"[^>]*min="1"/);
    expect(html).toContain("EUR");
    expect(html).toContain('<option value="true">Yes</option>');
    expect(html).toContain('<option value="car">car</option>');
    expect(html.match(/type="checkbox"/g)).toHaveLength(2);
    // Every input is named by a <label for> or, for the multiselect's group, by aria-labelledby.
    const ids = [...html.matchAll(/<(?:input|select|textarea)[^>]*\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBe(10);
    for (const id of ids) expect(html).toContain(`for="${id}"`);
    expect(html).toMatch(/<fieldset[^>]*aria-labelledby="[^"]+-label"/);
  });

  it("shows answers as text when not editable, with who gave them, held values and errors", () => {
    const html = render({
      view: view([
        field("mode", { type: "select", options: ["car"] }, { value: "car", by: "person" }),
        field("ok", { type: "boolean" }, { value: false }),
        field("km", { type: "integer" }, { applicable: false, value: 12, held: true }),
        field("email", { type: "email" }, { error: "Use an email address." }),
      ]),
    });
    expect(html).not.toMatch(/<(input|select|textarea)/);
    expect(html).toContain("car");
    expect(html).toContain("by a person");
    expect(html).toContain(">No<");
    expect(html).toContain("Held until it applies");
    expect(html).toContain("not applicable yet");
    expect(html).toContain("Use an email address.");
  });

  it("says what is missing, what is awaited, and shows the footer", () => {
    const html = render({
      view: view([field("a", { type: "text" })], {
        status: "awaiting",
        awaiting: { checkpointId: "c", key: "k", title: "Manager approval" },
      }),
      footer: createElement("button", null, "Submit"),
    });
    expect(html).toContain("Waiting for approval");
    expect(html).toContain("Waiting for a decision: Manager approval");
    expect(html).toContain("Still needed: a");
    expect(html).toContain("<button>Submit</button>");
  });

  it("disables the inputs while an edit is pending and leaves fields that do not apply read-only", () => {
    const html = render({
      view: view([field("a", { type: "text" }), field("b", { type: "text" }, { applicable: false })]),
      editable: true,
      pending: true,
      onEditField: () => undefined,
    });
    expect(html.match(/<input/g)).toHaveLength(1);
    expect(html).toMatch(/<input[^>]*disabled/);
  });
});
