import type { StoredCondition, StoredField, StoredForm } from "../stored-form";
import { isChoice, isNumeric } from "./field-types";
import type { PlacedField } from "./field-index";
import type { FormProblem } from "./problems";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Conditions name a field that comes before them (a field's: an earlier step, or earlier in the
 * same step; a step's: a field of an earlier step) so the engine can evaluate them in one pass;
 * checkpoints may name any field. Each compared value must be one the field can hold.
 */
export function checkConditions(form: StoredForm, fields: readonly PlacedField[]): FormProblem[] {
  const problems: FormProblem[] = [];
  form.steps.forEach((step, stepIndex) => {
    if (step.when) {
      const before = fields.filter((placed) => placed.stepIndex < stepIndex);
      problems.push(...conditionProblems(step.when, `steps[${stepIndex}].when`, before, fields, "this step"));
    }
  });
  for (const placed of fields) {
    if (!placed.field.when) continue;
    const before = fields.filter((other) => other.order < placed.order);
    problems.push(...conditionProblems(placed.field.when, `${placed.path}.when`, before, fields, "this field"));
  }
  const seen = new Set<string>();
  form.checkpoints.forEach((checkpoint, index) => {
    if (seen.has(checkpoint.id))
      problems.push({ path: `checkpoints[${index}].id`, message: `Another checkpoint is already called "${checkpoint.id}".` });
    seen.add(checkpoint.id);
    problems.push(...conditionProblems(checkpoint.when, `checkpoints[${index}].when`, fields, fields, "a checkpoint"));
  });
  return problems;
}

function conditionProblems(
  condition: StoredCondition,
  path: string,
  before: readonly PlacedField[],
  all: readonly PlacedField[],
  subject: string,
): FormProblem[] {
  const target = before.find((placed) => placed.field.id === condition.field);
  if (!target) {
    const later = all.some((placed) => placed.field.id === condition.field);
    const message = later
      ? `"${condition.field}" comes after ${subject}; a condition can only look at a field before it.`
      : `There is no field "${condition.field}" before ${subject}.`;
    return [{ path: `${path}.field`, message }];
  }
  return valueProblems(condition, path, target.field);
}

function valueProblems(condition: StoredCondition, path: string, field: StoredField): FormProblem[] {
  switch (condition.op) {
    case "is_set":
    case "is_not_set":
      return [];
    case "gt":
    case "gte":
    case "lt":
    case "lte":
      return isNumeric(field.type)
        ? []
        : [{ path: `${path}.op`, message: `"${condition.op}" compares numbers; "${field.id}" is a ${field.type} field.` }];
    case "is":
    case "is_not": {
      const problem = valueMismatch(condition.value, field);
      return problem ? [{ path: `${path}.value`, message: problem }] : [];
    }
    case "is_one_of":
      return condition.value.flatMap((value, index) => {
        const problem = valueMismatch(value, field);
        return problem ? [{ path: `${path}.value[${index}]`, message: problem }] : [];
      });
  }
}

/** Why `value` can never be the value of `field`, or null when it can. */
function valueMismatch(value: string | number | boolean, field: StoredField): string | null {
  if (isChoice(field.type)) {
    const options = field.options ?? [];
    return typeof value === "string" && options.includes(value)
      ? null
      : `${JSON.stringify(value)} is not an option of "${field.id}" (${options.join(", ")}).`;
  }
  if (isNumeric(field.type)) {
    if (typeof value !== "number") return `"${field.id}" holds a number; compare it with a number, not ${JSON.stringify(value)}.`;
    return field.type === "integer" && !Number.isInteger(value) ? `"${field.id}" holds whole numbers; ${value} is not one.` : null;
  }
  if (field.type === "yes_no") return typeof value === "boolean" ? null : `"${field.id}" is yes or no; compare it with true or false.`;
  if (typeof value !== "string") return `"${field.id}" holds text; compare it with text, not ${JSON.stringify(value)}.`;
  return field.type === "date" && !ISO_DATE.test(value) ? `"${field.id}" holds a date; write it as YYYY-MM-DD.` : null;
}
