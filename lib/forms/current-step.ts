import { stepComplete, type Evaluation } from "./applicability";
import type { FormDefinition, FormInstanceState } from "./types";

/**
 * The step the agent works on: the last step a `{jump}` sent it back to; else the step it was on
 * while that one still applies and is incomplete (a jump forward sticks); else the first applicable
 * incomplete step; else the confirmation step; else none.
 */
export function currentStepOf(
  definition: FormDefinition,
  evaluation: Evaluation,
  state: FormInstanceState,
  hint: string | null,
): string | null {
  const revisiting = state.revisiting.at(-1);
  if (revisiting) return revisiting;
  const applies = (id: string) => evaluation.stepApplies.get(id) === true;
  const hinted = definition.steps.find((step) => step.id === hint);
  if (hinted && !hinted.preview && applies(hinted.id) && !stepComplete(hinted, evaluation)) return hinted.id;
  const open = definition.steps.find((step) => !step.preview && applies(step.id) && !stepComplete(step, evaluation));
  if (open) return open.id;
  return definition.steps.find((step) => step.preview && applies(step.id))?.id ?? null;
}
