import type { StoredForm } from "../stored-form";
import type { FormProblem } from "./problems";

/** Step ids unique; a confirmation step has no fields and comes last; the form has a field at all. */
export function checkSteps(form: StoredForm): FormProblem[] {
  const problems: FormProblem[] = [];
  const seen = new Set<string>();
  const last = form.steps.length - 1;
  form.steps.forEach((step, index) => {
    if (seen.has(step.id)) problems.push({ path: `steps[${index}].id`, message: `Another step is already called "${step.id}".` });
    seen.add(step.id);
    if (!step.confirmation) return;
    if (step.fields.length > 0)
      problems.push({
        path: `steps[${index}].fields`,
        message: "A confirmation step shows the answers before it and has no fields of its own.",
      });
    if (index !== last) problems.push({ path: `steps[${index}].confirmation`, message: "The confirmation step must be the last step." });
  });
  if (form.steps.every((step) => step.fields.length === 0)) problems.push({ path: "steps", message: "Add at least one field." });
  return problems;
}
