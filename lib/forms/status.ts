import { requiredMissing, stepComplete } from "./applicability";
import { fieldView } from "./build-view";
import type { InstanceModel } from "./instance-model";
import type { StepDefinition } from "./types";
import type { FormFieldView } from "./view";

/** A field as the tiers show it to the model: the view's field without the card-only input. */
export type FieldStatus = Omit<FormFieldView, "input">;

export interface StepStatus {
  id: string;
  title: string;
  applicable: boolean;
  fields: FieldStatus[];
}

/** Tier 1 (`glove_form_status`): the current step's fields with type, value and error, plus progress and conduct. */
export interface FormStatus {
  instanceId: string;
  formId: string;
  name: string;
  status: string;
  conduct?: string;
  progress: { step: number; steps: number; filled: number; required: number; complete: boolean };
  step: StepStatus | null;
  missing: string[];
  awaiting: { checkpointId: string; key: string } | null;
  terminatedReason: string | null;
}

export function statusOf(model: InstanceModel): FormStatus {
  const { definition, evaluation, snapshot } = model;
  const { instance } = snapshot;
  const applicable = definition.steps.filter((s) => evaluation.stepApplies.get(s.id));
  const current = definition.steps.find((s) => s.id === instance.state.currentStepId) ?? null;
  const required = applicable.flatMap((s) => s.fields).filter((f) => !f.optional && evaluation.fieldApplies.get(f.id));
  const missing = requiredMissing(required, evaluation);
  return {
    instanceId: instance.id,
    formId: definition.id,
    name: definition.name,
    status: instance.status,
    ...(definition.conduct ? { conduct: definition.conduct } : {}),
    progress: {
      step: current ? applicable.indexOf(current) + 1 : applicable.length,
      steps: applicable.length,
      filled: required.length - missing.length,
      required: required.length,
      complete: model.complete,
    },
    step: current ? stepStatusOf(model, current) : null,
    missing: missing.map((f) => f.label),
    awaiting: instance.state.awaiting,
    terminatedReason: instance.state.terminatedReason,
  };
}

export function stepStatusOf(model: InstanceModel, step: StepDefinition): StepStatus {
  return {
    id: step.id,
    title: step.title,
    applicable: model.evaluation.stepApplies.get(step.id) === true,
    fields: step.fields.map((field) => {
      const { input: _input, ...rest } = fieldView(model, field);
      return rest;
    }),
  };
}

export function stepCounts(model: InstanceModel, step: StepDefinition) {
  const required = step.fields.filter((f) => !f.optional && model.evaluation.fieldApplies.get(f.id));
  return {
    fields: step.fields.length,
    filled: step.fields.filter((f) => model.evaluation.live[f.id] !== undefined).length,
    missing: requiredMissing(required, model.evaluation).length,
    complete: stepComplete(step, model.evaluation),
  };
}
