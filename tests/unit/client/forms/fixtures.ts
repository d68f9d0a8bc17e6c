import type { FieldInputView, FormFieldView, FormView } from "@/lib/forms/view";

export const field = (id: string, input: FieldInputView = { type: "text" }, extra: Partial<FormFieldView> = {}): FormFieldView => ({
  id,
  label: id[0].toUpperCase() + id.slice(1),
  typeText: input.type,
  input,
  required: true,
  applicable: true,
  ...extra,
});

/** A one-step expense-claim-like view at instance version `version`. */
export const formView = (version: number, fields: FormFieldView[], extra: Partial<FormView> = {}): FormView => ({
  instanceId: "i1",
  formId: "expense-claim",
  formVersion: 1,
  name: "Expense claim",
  status: "open",
  version,
  currentStepId: "travel",
  steps: [{ id: "travel", title: "Travel", preview: false, applicable: true, state: "current", fields }],
  missing: fields.filter((f) => f.value === undefined).map((f) => f.label),
  complete: fields.every((f) => f.value !== undefined),
  awaiting: null,
  terminatedReason: null,
  failures: [],
  ...extra,
});

export const fieldOf = (view: FormView, id: string) => view.steps.flatMap((step) => step.fields).find((f) => f.id === id)!;
