import { requiredMissing, stepComplete, allFields } from "./applicability";
import type { InstanceModel } from "./instance-model";
import type { FieldDefinition, StepDefinition } from "./types";
import type { FormFieldView, FormStepView, FormView } from "./view";

/** The card's props (`formViewSchema`): every step and field with its value, whether it is held, and its error. */
export function buildView(model: InstanceModel): FormView {
  const { definition, snapshot, evaluation } = model;
  const { instance } = snapshot;
  const { state } = instance;
  const checkpoint = state.awaiting ? definition.checkpoints.find((c) => c.id === state.awaiting!.checkpointId) : undefined;
  return {
    instanceId: instance.id,
    formId: definition.id,
    formVersion: definition.version,
    name: definition.name,
    status: instance.status,
    version: instance.version,
    currentStepId: state.currentStepId,
    steps: definition.steps.map((step) => stepView(model, step)),
    missing: requiredMissing(allFields(definition), evaluation).map((f) => f.label),
    complete: model.complete,
    awaiting: state.awaiting
      ? { ...state.awaiting, title: checkpoint?.card?.title ?? checkpoint?.id ?? state.awaiting.checkpointId }
      : null,
    terminatedReason: state.terminatedReason,
    failures: state.failures.map((f) => ({ key: f.key, message: f.message, ...(f.field ? { field: f.field } : {}) })),
  };
}

function stepView(model: InstanceModel, step: StepDefinition): FormStepView {
  const { evaluation, snapshot } = model;
  const applicable = evaluation.stepApplies.get(step.id) === true;
  const { state } = snapshot.instance;
  const stepState: FormStepView["state"] = !applicable
    ? "skipped"
    : state.revisiting.includes(step.id)
      ? "revisiting"
      : state.currentStepId === step.id
        ? "current"
        : !step.preview && stepComplete(step, evaluation)
          ? "done"
          : "pending";
  return {
    id: step.id,
    title: step.title,
    preview: step.preview === true,
    applicable,
    state: stepState,
    fields: step.fields.map((f) => fieldView(model, f)),
  };
}

export function fieldView(model: InstanceModel, field: FieldDefinition): FormFieldView {
  const { evaluation } = model;
  const held = field.id in evaluation.held;
  const value = held ? evaluation.held[field.id] : evaluation.live[field.id];
  const by = model.fields.get(field.id)?.by;
  const error = model.snapshot.instance.state.failures.findLast((f) => f.field === field.id)?.message;
  return {
    id: field.id,
    label: field.label,
    ...(field.hint ? { hint: field.hint } : {}),
    typeText: field.typeText,
    input: field.input,
    required: !field.optional,
    applicable: evaluation.fieldApplies.get(field.id) === true,
    ...(value !== undefined ? { value } : {}),
    ...(held ? { held: true } : {}),
    ...(value !== undefined && by ? { by: by.kind } : {}),
    ...(error ? { error } : {}),
  };
}
