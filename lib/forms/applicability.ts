import type { FieldDefinition, FormDefinition, FormValues, StepDefinition } from "./types";

/**
 * One pass in form order (steps in order, fields in order): a condition sees only the live values of
 * the fields before it, and a step's `when` gates all its fields. A value whose field does not apply
 * is held: kept, shown, but never live (no executor, no completion) until the condition opens.
 */
export interface Evaluation {
  live: Record<string, unknown>;
  held: Record<string, unknown>;
  stepApplies: Map<string, boolean>;
  fieldApplies: Map<string, boolean>;
}

export function evaluate(definition: FormDefinition, values: Readonly<Record<string, unknown>>): Evaluation {
  const live: Record<string, unknown> = {};
  const held: Record<string, unknown> = {};
  const stepApplies = new Map<string, boolean>();
  const fieldApplies = new Map<string, boolean>();
  for (const step of definition.steps) {
    const stepOn = safeWhen(step.when, live);
    stepApplies.set(step.id, stepOn);
    for (const field of step.fields) {
      const on = stepOn && safeWhen(field.when, live);
      fieldApplies.set(field.id, on);
      const value = values[field.id];
      if (value === undefined) continue;
      if (on) live[field.id] = value;
      else held[field.id] = value;
    }
  }
  return { live, held, stepApplies, fieldApplies };
}

/** A condition that throws (it read a value that is not there yet) counts as not applying. */
function safeWhen(when: ((values: FormValues) => boolean) | undefined, live: FormValues): boolean {
  if (!when) return true;
  try {
    return when({ ...live }) === true;
  } catch {
    return false;
  }
}

export function requiredMissing(fields: readonly FieldDefinition[], evaluation: Evaluation): FieldDefinition[] {
  return fields.filter((f) => !f.optional && evaluation.fieldApplies.get(f.id) && evaluation.live[f.id] === undefined);
}

/** A step is complete when it applies and none of its applicable required fields lacks a live value. */
export function stepComplete(step: StepDefinition, evaluation: Evaluation): boolean {
  return evaluation.stepApplies.get(step.id) === true && requiredMissing(step.fields, evaluation).length === 0;
}

export function formComplete(definition: FormDefinition, evaluation: Evaluation): boolean {
  return requiredMissing(allFields(definition), evaluation).length === 0;
}

export function allFields(definition: FormDefinition): FieldDefinition[] {
  return definition.steps.flatMap((step) => step.fields);
}
