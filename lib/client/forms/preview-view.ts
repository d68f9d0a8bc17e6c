import type { StoredCondition, StoredFormInput } from "@/lib/forms/stored-form";
import type { FormFieldView, FormStepView, FormView } from "@/lib/forms/view";
import { compileCondition } from "@/lib/forms/stored/condition";
import { conditionText } from "./condition-text";
import { fieldInput, fieldTypeText } from "./field-type-text";

/**
 * The builder's live preview: the draft as the chat's form card shows a fresh instance of it (no
 * values yet). A condition on a field with no value can only hold when it asks for "not answered",
 * so every other conditional step and field shows as not applicable, with "shown when ..." in its
 * hint. Pure, so it runs on every keystroke and is tested without a browser.
 */
export function previewView(form: StoredFormInput): FormView {
  const labels = new Map<string, string>();
  for (const step of form.steps) for (const field of step.fields ?? []) labels.set(field.id, field.label || field.id);
  const labelOf = (fieldId: string) => labels.get(fieldId) ?? fieldId;
  const shownWhen = (condition: StoredCondition) => `Shown when ${conditionText(condition, labelOf)}.`;

  let currentStepId: string | null = null;
  const steps: FormStepView[] = form.steps.map((step) => {
    const stepApplicable = appliesWithoutValues(step.when);
    const confirmation = step.confirmation ?? false;
    if (stepApplicable && currentStepId === null && !confirmation) currentStepId = step.id;
    const fields = (step.fields ?? []).map((field): FormFieldView => {
      const hint = [field.when && !appliesWithoutValues(field.when) ? shownWhen(field.when) : null, field.hint || null]
        .filter(Boolean)
        .join(" ");
      return {
        id: field.id,
        label: field.label,
        ...(hint ? { hint } : {}),
        typeText: fieldTypeText(field),
        input: fieldInput(field),
        required: field.required ?? true,
        applicable: stepApplicable && appliesWithoutValues(field.when),
      };
    });
    return {
      id: step.id,
      title: step.when && !stepApplicable ? `${step.title} (shown when ${conditionText(step.when, labelOf)})` : step.title,
      preview: confirmation,
      applicable: stepApplicable,
      state: stepApplicable ? "pending" : "skipped",
      fields,
    };
  });
  for (const step of steps) if (step.id === currentStepId) step.state = "current";

  const missing = steps.flatMap((step) => step.fields.filter((field) => field.applicable && field.required).map((field) => field.label));
  return {
    instanceId: "preview",
    formId: form.id,
    formVersion: 0,
    name: form.name,
    status: "open",
    version: 0,
    currentStepId,
    steps,
    missing,
    complete: missing.length === 0,
    awaiting: null,
    terminatedReason: null,
    failures: [],
  };
}

/** Whether a condition holds while nothing is answered: the compiler's own rule, on no values. */
const appliesWithoutValues = (condition: StoredCondition | undefined) => !condition || compileCondition(condition)({});
