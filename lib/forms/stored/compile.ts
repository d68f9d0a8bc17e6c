import { buildField } from "../define-form";
import type { CheckpointDefinition, FieldDefinition, FormDefinition, StepDefinition } from "../types";
import type { StoredCheckpoint, StoredField, StoredForm, StoredStep } from "../stored-form";
import { compileCondition } from "./condition";
import { fieldInput, fieldSchema } from "./field-schema";

/**
 * A checked stored form (checkStoredForm) as the engine's plain `FormDefinition`: the same object
 * `defineForm(...).build()` makes, without executors. An approval checkpoint is blocking and has no
 * `run`: the engine continues when it is approved and terminates the instance when it is rejected.
 */
export function compileStoredForm(form: StoredForm, version: number): FormDefinition {
  return {
    id: form.id,
    version,
    name: form.name,
    description: form.description,
    ...(form.conduct && { conduct: form.conduct }),
    steps: form.steps.map(compileStep),
    checkpoints: form.checkpoints.map(compileCheckpoint),
    migrations: [],
  };
}

function compileStep(step: StoredStep): StepDefinition {
  return {
    id: step.id,
    title: step.title,
    preview: step.confirmation,
    ...(step.when && { when: compileCondition(step.when) }),
    fields: step.fields.map((field) => compileField(field, step.id)),
  };
}

// The engine's own field builder: optional-ness and the type text come from the schema, as for a form defined in code.
function compileField(field: StoredField, stepId: string): FieldDefinition {
  return buildField(stepId, field.id, {
    schema: fieldSchema(field),
    label: field.label,
    ...(field.hint && { hint: field.hint }),
    ...(field.when && { when: compileCondition(field.when) }),
    input: fieldInput(field),
  });
}

function compileCheckpoint(checkpoint: StoredCheckpoint): CheckpointDefinition {
  const { title, body, approverRole } = checkpoint.approval;
  return {
    id: checkpoint.id,
    when: compileCondition(checkpoint.when),
    blocking: true,
    card: { kind: "approval", title, ...(body && { body }), approverRole },
  };
}
