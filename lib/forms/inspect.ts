import { FormError } from "./errors";
import { fieldView } from "./build-view";
import { requireField } from "./field-lookup";
import type { InstanceModel } from "./instance-model";
import { resolveLooseId } from "./resolve-field-id";
import { stepCounts, stepStatusOf, type StepStatus } from "./status";
import type { FormFieldView } from "./view";

export type InspectQuery = { step: string } | { field: string } | Record<string, never>;

/** Tier 2 (`glove_form_inspect`): any step, any field (with its revision count), or the outline of all steps. */
export type InspectResult =
  | { kind: "step"; step: StepStatus }
  | { kind: "field"; stepId: string; field: FormFieldView; revisions: number }
  | { kind: "outline"; steps: ({ id: string; title: string; applicable: boolean; current: boolean } & ReturnType<typeof stepCounts>)[] };

export function inspectOf(model: InstanceModel, query: InspectQuery): InspectResult {
  const { definition } = model;
  if ("field" in query && typeof query.field === "string") {
    const field = requireField(definition, query.field);
    return {
      kind: "field",
      stepId: field.stepId,
      field: fieldView(model, field),
      revisions: model.fields.get(field.id)?.revisions.length ?? 0,
    };
  }
  if ("step" in query && typeof query.step === "string") {
    const match = resolveLooseId(
      query.step,
      definition.steps.map((s) => ({ id: s.id, aliases: [s.title] })),
    );
    if (match.id === null)
      throw new FormError("unknown_step", `Form "${definition.id}" has no step "${query.step}".`, {
        step: query.step,
        did_you_mean: match.didYouMean,
      });
    return {
      kind: "step",
      step: stepStatusOf(
        model,
        definition.steps.find((s) => s.id === match.id)!,
      ),
    };
  }
  return {
    kind: "outline",
    steps: definition.steps.map((step) => ({
      id: step.id,
      title: step.title,
      applicable: model.evaluation.stepApplies.get(step.id) === true,
      current: model.snapshot.instance.state.currentStepId === step.id,
      ...stepCounts(model, step),
    })),
  };
}
