import { stepComplete } from "./applicability";
import { currentStepOf } from "./current-step";
import { computeEdges, type FiredEdge } from "./edges";
import { modelOf, withSeq, type InstanceModel } from "./instance-model";
import { lineSummaryOf } from "./line-summary";
import { sameValue } from "./same-value";
import type { FormFailure, FormInstanceState, FormInstanceStatus, NewFormEntry } from "./types";

/** What executors asked for besides patches, applied in the commit that records them. */
export interface Directives {
  failures: FormFailure[];
  jump?: string;
  /** `{complete}`: ends the current step (see docs/forms.md). */
  completeStep?: boolean;
  terminate?: string;
}

export interface TransitionInput {
  model: InstanceModel;
  added: NewFormEntry[];
  /** Fields written by the caller (not by an executor): a revisited step they complete stops being revisited. */
  touched: string[];
  directives?: Directives;
  /** Overrides the derived state's awaiting (a checkpoint decision clears it). */
  awaiting?: FormInstanceState["awaiting"];
}

export interface Transition {
  entries: NewFormEntry[];
  status: FormInstanceStatus;
  state: FormInstanceState;
  fired: FiredEdge[];
  /** The blocking checkpoint that rose in this commit, if any. */
  blocking: FiredEdge | null;
  after: InstanceModel;
}

const CLOSED: ReadonlySet<FormInstanceStatus> = new Set(["submitted", "terminated", "abandoned"]);

/** The next status and state of an instance after entries are added: edges, revisiting, current step, status. */
export function transition(input: TransitionInput): Transition {
  const { model, added, directives } = input;
  const { definition, snapshot } = model;
  const entries = [...model.pending, ...added];
  const after = modelOf(definition, snapshot, withSeq(snapshot.entries, entries));
  const before = model;
  const previous = snapshot.instance.state;
  const awaiting = input.awaiting !== undefined ? input.awaiting : previous.awaiting;

  const { edges, fired, blocking } = computeEdges({
    definition,
    instanceId: snapshot.instance.id,
    edges: previous.edges,
    before: before.evaluation,
    after: after.evaluation,
    complete: after.complete,
    awaiting: awaiting !== null,
  });

  // A field's executor failure is shown until that field gets a new live value.
  const changed = new Set(
    definition.steps
      .flatMap((s) => s.fields.map((f) => f.id))
      .filter((id) => !sameValue(before.evaluation.live[id], after.evaluation.live[id])),
  );
  const failures = [...previous.failures.filter((f) => !f.field || !changed.has(f.field)), ...(directives?.failures ?? [])];

  let revisiting = previous.revisiting.filter((stepId) => {
    const step = definition.steps.find((s) => s.id === stepId);
    return step && !(stepComplete(step, after.evaluation) && step.fields.some((f) => input.touched.includes(f.id)));
  });
  let hint = previous.currentStepId;
  if (directives?.completeStep && hint) {
    const index = definition.steps.findIndex((s) => s.id === hint);
    revisiting = revisiting.filter((id) => id !== hint);
    hint = definition.steps.slice(index + 1).find((s) => after.evaluation.stepApplies.get(s.id))?.id ?? null;
  }
  if (directives?.jump) {
    const target = definition.steps.find((s) => s.id === directives.jump)!;
    if (stepComplete(target, after.evaluation) && !revisiting.includes(target.id)) revisiting = [...revisiting, target.id];
    hint = target.id;
  }

  const nextAwaiting = blocking ? { checkpointId: blocking.id, key: blocking.key } : awaiting;
  const terminatedReason = directives?.terminate ?? previous.terminatedReason;
  const state: FormInstanceState = { currentStepId: null, revisiting, edges, awaiting: nextAwaiting, failures, terminatedReason };
  state.currentStepId = currentStepOf(definition, after.evaluation, state, hint);
  state.line = lineSummaryOf(definition, after.evaluation, state.currentStepId);

  const status: FormInstanceStatus = CLOSED.has(snapshot.instance.status)
    ? snapshot.instance.status
    : directives?.terminate !== undefined
      ? "terminated"
      : nextAwaiting
        ? "awaiting"
        : after.complete
          ? "completed"
          : "open";
  return { entries, status, state, fired: status === "terminated" ? [] : fired, blocking, after };
}
