import { requiredMissing, type Evaluation } from "./applicability";
import type { FormDefinition, FormLineSummary } from "./types";

/** Labels per list in the tier-0 line; the rest is "+N more", so a 60-field form costs what a 6-field one does. */
export const LINE_LABELS = 5;

/** What the tier-0 line shows, computed at every commit and kept in the state, so the line needs no read. */
export function lineSummaryOf(definition: FormDefinition, evaluation: Evaluation, currentStepId: string | null): FormLineSummary {
  const steps = definition.steps.filter((step) => evaluation.stepApplies.get(step.id));
  const index = steps.findIndex((step) => step.id === currentStepId);
  const current = steps[index];
  const later = index >= 0 ? steps.slice(index + 1) : [];
  return {
    step: current ? { index: index + 1, count: steps.length, title: current.title } : null,
    pending: capped(current ? requiredMissing(current.fields, evaluation).map((f) => f.label) : []),
    later: capped(
      requiredMissing(
        later.flatMap((step) => step.fields),
        evaluation,
      ).map((f) => f.label),
    ),
  };
}

function capped(labels: string[]): FormLineSummary["pending"] {
  return { labels: labels.slice(0, LINE_LABELS), more: Math.max(0, labels.length - LINE_LABELS) };
}
